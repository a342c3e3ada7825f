import type { Frame, Page } from 'playwright-core';
import type { VerifiedGameSlug } from '@arena/contracts';
import { pairs } from '@arena/games';

/**
 * Playing the games of apps/games the way a person does, by keyboard, in a browser test: on the game's
 * own page or inside the app's game frame (games.spec.ts, fair-play.spec.ts).
 */

/** The phone width the games must be readable and playable at. */
export const PHONE_375 = { width: 375, height: 812 } as const;

/** A page or the game's frame inside one: the games are played the same way in both. */
export type Surface = Page | Frame;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function statValue(surface: Surface, label: string): Promise<string> {
  const stat = surface.locator('.stat', { has: surface.locator('.stat__label', { hasText: label }) });
  return (await stat.locator('.stat__value').textContent()) ?? '';
}

export async function overlayText(surface: Surface): Promise<string> {
  return (await surface.locator('.overlay').textContent()) ?? '';
}

export async function startRun(surface: Surface): Promise<void> {
  await surface.getByRole('button', { name: 'Start' }).click();
  await surface.locator('.overlay').waitFor({ state: 'hidden' });
}

/** Ends the run early through the game's End game button and its confirmation. */
export async function confirmEndGame(surface: Surface): Promise<void> {
  await surface.getByRole('button', { name: 'End game' }).click();
  await surface.getByRole('dialog').getByRole('button', { name: 'End game' }).click();
}

export async function endGame(surface: Surface): Promise<void> {
  await confirmEndGame(surface);
  await surface.getByRole('heading', { name: 'Game over' }).waitFor();
}

/**
 * How a run's time passes:
 * - 'real': on the wall clock. A tournament run must: the server refuses a run whose game clock claims more
 *   time than passed since the play started (tournament.plays.ts), and the app's or the server's clock is
 *   not the page's.
 * - 'page': on Playwright's clock, which the caller installed in the page's context before the game loaded
 *   (`context.clock.install()`; it still runs on by itself). The human pace and a shown mismatch are then
 *   jumped over (`clock.fastForward`) instead of waited out: the game sees the same times, and the rules
 *   (ten flips a second at most, no flip while a mismatch shows) are kept, not skipped. For runs checked by
 *   nobody but the page or the test: a demo, or the stand-in parent of games.spec.ts.
 */
export type RunClock = 'real' | 'page';

/** Lets `ms` pass on the run's clock. */
function passer(page: Page, clock: RunClock): (ms: number) => Promise<void> {
  return (ms) => (clock === 'page' ? page.clock.fastForward(ms) : pause(ms));
}

/** Tile Merge by keyboard: a corner strategy that any player would try, a move at a time. */
export async function playTiles(page: Page, presses: number, clock: RunClock = 'real'): Promise<void> {
  const pass = passer(page, clock);
  const keys = ['ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowRight'];
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press(keys[press % keys.length]!);
    await pass(130); // a human pace, under the core's ten moves a second
  }
}

/** Memory Pairs by keyboard: turn cards over two at a time, remember faces, then match what was seen. */
export async function playPairs(page: Page, surface: Surface, clock: RunClock = 'real'): Promise<void> {
  const pass = passer(page, clock);
  const cards = surface.locator('.card');
  const faceOf = async (card: number) => {
    const label = (await cards.nth(card).getAttribute('aria-label')) ?? '';
    return label.split(': ')[1]!.replace(', matched', '');
  };
  /** `last`: the flip that ends the run, after which the game is not read. */
  const flip = async (card: number, last = false) => {
    await cards.nth(card).focus();
    await page.keyboard.press('Enter');
    if (last) return;
    // In a tournament run the server reveals the face: wait until the card is drawn face up.
    await surface
      .locator(`.card:nth-child(${card + 1}):not([aria-label$="face down"])`)
      .waitFor({ state: 'attached' });
    await pass(110); // a human pace, under the core's ten flips a second
  };
  const waitFaceDown = async (card: number) => {
    await surface
      .locator(`.card:nth-child(${card + 1})[aria-label$="face down"]`)
      .waitFor({ state: 'attached' });
  };
  const seen = new Map<string, number[]>();
  const matched = new Set<string>();
  const remember = (face: string, card: number) => seen.set(face, [...(seen.get(face) ?? []), card]);
  for (let card = 0; card < 16; card += 2) {
    if (matched.size === 7) {
      // The two cards left are the last pair.
      await flip(card);
      await flip(card + 1, true);
      return;
    }
    await flip(card);
    const first = await faceOf(card);
    await flip(card + 1);
    const second = await faceOf(card + 1);
    remember(first, card);
    remember(second, card + 1);
    if (first === second) {
      matched.add(first);
    } else {
      // On the page's clock the mismatch is shown until the clock is moved past it.
      if (clock === 'page') await pass(pairs.MISMATCH_SHOW_MS);
      await waitFaceDown(card);
      await waitFaceDown(card + 1);
    }
  }
  // The game is not read after the last flip: in the app, the frame goes away once the run is submitted.
  const left = [...seen].filter(([face]) => !matched.has(face));
  for (const [index, [, pair]] of left.entries()) {
    await flip(pair[0]!);
    await flip(pair[1]!, index === left.length - 1);
  }
}

/**
 * The inputs of one tournament run of each game inside its frame, from Start until the run ends: Tile
 * Merge ended early after a few moves, Snake steered towards the wall (it ends there a moment later),
 * Memory Pairs played to the last pair. The caller waits for what follows (the game-over screen, or in
 * the app the page's answer: the frame then goes away), so nothing here reads the game after its end.
 */
export const SCRIPTED_RUNS: Readonly<
  Record<VerifiedGameSlug, (page: Page, game: Frame, clock?: RunClock) => Promise<void>>
> = {
  tiles: async (page, game, clock) => {
    await playTiles(page, 16, clock);
    await confirmEndGame(game);
  },
  snake: async (page) => {
    await page.keyboard.press('ArrowUp');
    await pause(300);
    await page.keyboard.press('ArrowLeft');
  },
  pairs: (page, game, clock) => playPairs(page, game, clock),
};
