import type { GameToPageMessage } from '@arena/contracts/game-frame.contract';
import type { CatalogGame } from '@arena/contracts/games.catalog';
import type { GameCore } from '@arena/games';
import { directionOfKey, swipeDirection, type Direction } from './directions';
import { endOfRunMessages, nextMode, type PlayMode } from './frame-protocol';
import { GameClock } from './game-clock';
import { connectToPage, isDemoUrl, randomSeed, type PageLink } from './page-link';
import type { Cue, Play } from './play';
import { Sound } from './sound';
import './game.css';

/** One line of the heads-up display; `live` ones are announced to screen readers when they change. */
export interface Stat {
  label: string;
  value: string;
  live: boolean;
}

/** What the shell lets a game's board do: act on the current play, when play is allowed. */
export interface BoardHost<P> {
  /** Runs `action` with the play and the game clock if the game is running (started, not paused, not over). */
  act(action: (play: P, clockMs: number) => Cue | null): void;
}

/** A game's own part: its play, its board, its numbers. The shell does the rest (modes, clock, pause, end). */
export interface GameUi<I, P extends Play<I>> {
  game: CatalogGame;
  core: GameCore<I>;
  newPlay(seed: string): P;
  /** Builds the board inside `board`, once. */
  mount(board: HTMLElement, host: BoardHost<P>): void;
  /** Draws the play; on every change and every frame while running. Paused: nothing may be memorised. */
  render(play: P, clockMs: number, paused: boolean): void;
  stats(play: P, clockMs: number): Stat[];
  /** The result in words for the game-over screen. */
  resultText(play: P): string;
  /** Arrow keys, WASD and swipes; games played otherwise leave it out. */
  direction?(play: P, direction: Direction, clockMs: number): Cue | null;
  /** Real-time games pause when the frame loses focus, so a click outside does not cost the run. */
  pauseOnBlur?: boolean;
}

type Phase = 'waiting' | 'ready' | 'running' | 'paused' | 'confirm-end' | 'over';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text: string, className = 'button'): HTMLButtonElement {
  const node = element('button', className, text);
  node.type = 'button';
  return node;
}

/**
 * Runs one game page: the frame protocol (demo, tournament run, unavailable), the start and game-over
 * screens, the game clock with pause, sound, the End game button, keys and swipes. A tournament run is
 * one run: at its end the result is checked against the core's replay and the log is submitted once.
 */
export function runGame<I, P extends Play<I>>(ui: GameUi<I, P>, root: HTMLElement): void {
  const sound = new Sound();
  let mode: PlayMode = { kind: 'connecting' };
  let link: PageLink | null = null;
  let phase: Phase = 'waiting';
  let clock = new GameClock(() => performance.now());
  let play: P | null = null;
  let frameRequest = 0;

  // The page: a bar with the name, numbers and buttons; the board with its overlay; the controls.
  const bar = element('header', 'bar');
  const title = element('h1', 'bar__title', ui.game.name);
  const liveStats = element('div', 'stats');
  liveStats.setAttribute('aria-live', 'polite');
  const quietStats = element('div', 'stats');
  const statsRow = element('div', 'bar__stats');
  statsRow.append(liveStats, quietStats);
  const pauseButton = button('Pause', 'button button--quiet');
  pauseButton.setAttribute('aria-keyshortcuts', 'P');
  const soundButton = button('Sound off', 'button button--quiet');
  soundButton.setAttribute('aria-pressed', 'false');
  const endButton = button('End game', 'button button--quiet');
  const actions = element('div', 'bar__actions');
  actions.append(pauseButton, soundButton, endButton);
  bar.append(title, statsRow, actions);

  const stage = element('div', 'stage');
  const board = element('div', `board board--${ui.game.slug}`);
  const overlay = element('div', 'overlay');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'false');
  stage.append(board, overlay);
  const announcer = element('p', 'visually-hidden');
  announcer.setAttribute('aria-live', 'assertive');
  const help = element('p', 'help', ui.game.controls);
  root.append(bar, stage, help, announcer);
  ui.mount(board, { act });

  function act(action: (play: P, clockMs: number) => Cue | null): void {
    if (phase !== 'running' || !play) return;
    sound.play(action(play, clock.elapsedMs()));
    refresh();
  }

  /** Shows a screen over the board: a heading, lines of text and buttons (the first gets focus). */
  function showOverlay(heading: string, lines: string[], buttons: HTMLButtonElement[] = []): void {
    const headingNode = element('h2', 'overlay__title', heading);
    headingNode.id = `${ui.game.slug}-overlay-title`;
    overlay.setAttribute('aria-labelledby', headingNode.id);
    const row = element('div', 'overlay__actions');
    row.append(...buttons);
    overlay.replaceChildren(headingNode, ...lines.map((line) => element('p', 'overlay__text', line)), row);
    overlay.hidden = false;
    board.inert = true; // what is behind the screen can be neither clicked nor tabbed to
    buttons[0]?.focus();
  }

  function hideOverlay(): void {
    overlay.hidden = true;
    overlay.replaceChildren();
    board.inert = false;
    focusBoard();
  }

  /** Keys go to the board: to its one tab stop when it has one (the cards), else to the board itself. */
  function focusBoard(): void {
    const target = board.querySelector<HTMLElement>('[tabindex="0"]') ?? board;
    target.focus({ preventScroll: true });
  }

  function renderStats(): void {
    if (!play) return;
    const stats = ui.stats(play, clock.elapsedMs());
    const fill = (container: HTMLElement, list: Stat[]) => {
      const text = list.map((stat) => `${stat.label}:${stat.value}`).join('|');
      if (container.dataset.text === text) return; // unchanged: leave the live region quiet
      container.dataset.text = text;
      container.replaceChildren(
        ...list.map((stat) => {
          const item = element('p', 'stat');
          item.append(element('span', 'stat__label', stat.label), element('span', 'stat__value', stat.value));
          return item;
        }),
      );
    };
    fill(
      liveStats,
      stats.filter((stat) => stat.live),
    );
    fill(
      quietStats,
      stats.filter((stat) => !stat.live),
    );
  }

  function renderButtons(): void {
    const playing = phase === 'running' || phase === 'paused';
    pauseButton.disabled = !playing;
    pauseButton.textContent = phase === 'paused' ? 'Resume' : 'Pause';
    pauseButton.setAttribute('aria-pressed', String(phase === 'paused'));
    endButton.disabled = !playing;
  }

  function refresh(): void {
    if (!play) return;
    ui.render(play, clock.elapsedMs(), phase === 'paused' || phase === 'confirm-end');
    renderStats();
    renderButtons();
    if (play.over && phase === 'running') finish();
  }

  function loop(): void {
    frameRequest = 0;
    if (phase !== 'running' || !play) return;
    const now = clock.elapsedMs();
    if (now >= ui.core.maxDurationMs) play.end(ui.core.maxDurationMs);
    else sound.play(play.advance(now));
    refresh();
    if (phase === 'running') frameRequest = requestAnimationFrame(loop);
  }

  function newRun(seed: string): void {
    clock = new GameClock(() => performance.now());
    play = ui.newPlay(seed);
    phase = 'ready';
    refresh();
  }

  function start(): void {
    if (phase !== 'ready') return;
    phase = 'running';
    clock.start();
    hideOverlay();
    refresh();
    frameRequest = requestAnimationFrame(loop);
  }

  function pause(): void {
    if (phase !== 'running') return;
    phase = 'paused';
    clock.pause();
    cancelAnimationFrame(frameRequest);
    const resume = button('Resume');
    resume.addEventListener('click', () => resumePlay());
    showOverlay('Paused', ['The clock is stopped.'], [resume]);
    refresh();
  }

  function resumePlay(): void {
    if (phase !== 'paused' && phase !== 'confirm-end') return;
    phase = 'running';
    clock.resume();
    hideOverlay();
    refresh();
    frameRequest = requestAnimationFrame(loop);
  }

  function confirmEnd(): void {
    if (phase !== 'running' && phase !== 'paused') return;
    if (phase === 'running') clock.pause();
    cancelAnimationFrame(frameRequest);
    phase = 'confirm-end';
    const keep = button('Keep playing');
    keep.addEventListener('click', () => resumePlay());
    const end = button('End game', 'button button--danger');
    end.addEventListener('click', () => endEarly());
    const lines =
      mode.kind === 'tournament'
        ? ['Your run ends here and what you played so far is submitted.']
        : ['Your run ends here.'];
    showOverlay('End this game?', lines, [keep, end]);
    refresh();
  }

  function endEarly(): void {
    if (phase !== 'confirm-end' || !play) return;
    play.end(clock.elapsedMs());
    phase = 'running';
    refresh();
  }

  /** The run is over: check it replays to what was shown, post the result (and the submission), say so. */
  function finish(): void {
    if (!play) return;
    phase = 'over';
    cancelAnimationFrame(frameRequest);
    sound.play('over');
    const auth = mode.kind === 'tournament' ? mode.auth : null;
    const messages: GameToPageMessage[] = endOfRunMessages(
      ui.core,
      play.seed,
      play.log.toArray(),
      play.result(),
      auth,
    );
    for (const message of messages) link?.post(message);
    const failed = messages[0]?.type === 'GAME_ERROR';
    const result = ui.resultText(play);
    const lines = failed
      ? ['This run could not be verified, so it was not submitted.']
      : auth
        ? [result, 'Submitted — the page will show your verified score.']
        : [result];
    announcer.textContent = `Game over. ${failed ? lines[0] : result}`;
    const buttons: HTMLButtonElement[] = [];
    if (!auth) {
      const again = button('Play again');
      again.addEventListener('click', () => {
        newRun(randomSeed());
        start();
      });
      buttons.push(again);
    }
    showOverlay(failed ? 'Something went wrong' : 'Game over', lines, buttons);
    refresh();
  }

  /** The screen for the current mode before a run starts. */
  function showMode(): void {
    switch (mode.kind) {
      case 'connecting':
        showOverlay('Connecting…', ['Getting the game ready.']);
        return;
      case 'demo': {
        newRun(randomSeed());
        const startButton = button('Start');
        startButton.addEventListener('click', () => start());
        showOverlay(
          ui.game.name,
          [ui.game.tagline, 'Demo: play for fun, nothing is submitted.'],
          [startButton],
        );
        return;
      }
      case 'tournament': {
        newRun(mode.auth.seed);
        const startButton = button('Start');
        startButton.addEventListener('click', () => start());
        const { tournamentId, matchId, expiresAt } = mode.auth;
        const until = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
        showOverlay(
          'Ready for your tournament run',
          [
            'One run counts: the clock starts when you press Start.',
            `Tournament ${tournamentId}${matchId ? `, match ${matchId}` : ''}. Finish before ${until}.`,
          ],
          [startButton],
        );
        return;
      }
      case 'unavailable': {
        const demo = button('Play for fun');
        demo.addEventListener('click', () => {
          mode = { kind: 'demo' };
          showMode();
        });
        showOverlay('You cannot play this run', [mode.message], [demo]);
        return;
      }
      default: {
        const exhaustive: never = mode;
        return exhaustive;
      }
    }
  }

  pauseButton.addEventListener('click', () => (phase === 'paused' ? resumePlay() : pause()));
  endButton.addEventListener('click', () => confirmEnd());
  soundButton.addEventListener('click', () => {
    const on = sound.toggle();
    soundButton.textContent = on ? 'Sound on' : 'Sound off';
    soundButton.setAttribute('aria-pressed', String(on));
  });

  window.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'p' || event.key === 'P') {
      if (phase === 'running') pause();
      else if (phase === 'paused') resumePlay();
      return;
    }
    const direction = directionOfKey(event.key);
    if (!direction || !ui.direction) return;
    event.preventDefault(); // arrows would scroll the page
    act((current, clockMs) => ui.direction!(current, direction, clockMs));
  });

  if (ui.direction) {
    let swipeFrom: { x: number; y: number } | null = null;
    board.addEventListener('pointerdown', (event) => {
      swipeFrom = { x: event.clientX, y: event.clientY };
    });
    board.addEventListener('pointerup', (event) => {
      if (!swipeFrom) return;
      const direction = swipeDirection(event.clientX - swipeFrom.x, event.clientY - swipeFrom.y);
      swipeFrom = null;
      if (direction) act((current, clockMs) => ui.direction!(current, direction, clockMs));
    });
    board.addEventListener('pointercancel', () => (swipeFrom = null));
  }

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) pause();
  });
  if (ui.pauseOnBlur) window.addEventListener('blur', () => pause());

  renderButtons();
  const framed = window.parent !== window;
  if (!framed || isDemoUrl(window.location)) {
    mode = { kind: 'demo' };
    showMode();
  } else {
    showMode();
  }
  if (!framed) return;
  connectToPage((message) => {
    const next = nextMode(mode, message);
    if (next === mode) return;
    mode = next;
    showMode();
  })
    .then((connected) => (link = connected))
    .catch(() => {
      if (mode.kind !== 'connecting') return;
      mode = { kind: 'unavailable', message: 'Game integration not available.' };
      showMode();
    });
}
