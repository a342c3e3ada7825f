import type { GameToPageMessage, PageToGameMessage } from '@arena/contracts/game-frame.contract';
import { readPageMessage } from './frame-protocol';

/** The app's origin, from the game server (`/config.json`): the only origin the game talks to. */
async function fetchAppOrigin(): Promise<string> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const { appOrigin } = (await response.json()) as { appOrigin?: unknown };
  if (typeof appOrigin !== 'string') throw new Error('config.json has no appOrigin');
  return new URL(appOrigin).origin;
}

export interface PageLink {
  post(message: GameToPageMessage): void;
}

/**
 * Connects to the page that frames the game: learns the app's origin, listens to messages from it alone
 * (anything else, or anything that does not parse, is ignored), and posts GAME_READY to it.
 */
export async function connectToPage(onMessage: (message: PageToGameMessage) => void): Promise<PageLink> {
  const appOrigin = await fetchAppOrigin();
  const parent = window.parent;
  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = readPageMessage(event, appOrigin);
    if (message) onMessage(message);
  });
  const link: PageLink = { post: (message) => parent.postMessage(message, appOrigin) };
  link.post({ type: 'GAME_READY' });
  return link;
}

/** Played on its own (no framing page) or asked to by the page's URL: a demo, nothing submitted. */
export function isDemoUrl(location: Location): boolean {
  return new URLSearchParams(location.search).get('demo') === '1';
}

/** A demo's seed: random for every run, from the browser's CSPRNG (never in a core: cores are pure). */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
