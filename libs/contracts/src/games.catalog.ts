/**
 * The games Charity Arena serves itself (issue 10). Each has a pure core in `libs/games/src/<slug>`
 * that the game app plays with and the server replays to verify every result; tournaments of these
 * games take results only through play sessions (`plays.contract.ts`). Any other slug is an external
 * game an operator created: its results come on `POST /api/tournaments/{id}/scores`, signed by the
 * game's server when it registered a key, else as bare numbers marked unverified
 * (`signed-results.contract.ts`, docs/fair-play.md).
 *
 * Framework-free and zod-free: the web and the game app bundle it.
 */

export const VERIFIED_GAME_SLUGS = ['tiles', 'snake', 'pairs'] as const;
export type VerifiedGameSlug = (typeof VERIFIED_GAME_SLUGS)[number];

export interface CatalogGame {
  slug: VerifiedGameSlug;
  name: string;
  /** SCORE: higher is better. TIME: a completed run's time in ms, lower is better (TIME_ATTACK only). */
  resultKind: 'SCORE' | 'TIME';
  /** The tournament's `game.maxScore` for this game: the most a play can score (or, TIME, the longest run). */
  maxScore: number;
  /** Where the game app serves it, relative to GAME_ORIGIN: the tournament's `game.integrationUrl`. */
  integrationUrl: string;
  /** One line for cards and the game modal. */
  tagline: string;
  /** How to play, for the rules box and the game's own help. */
  controls: string;
}

export const GAME_CATALOG: Readonly<Record<VerifiedGameSlug, CatalogGame>> = {
  tiles: {
    slug: 'tiles',
    name: 'Tile Merge',
    resultKind: 'SCORE',
    // The highest score a 4×4 board can reach (a 131072 tile built from 4s) is 3,932,156.
    maxScore: 4_000_000,
    integrationUrl: '/tiles/',
    tagline: 'Slide the board, merge equal tiles, build the biggest number.',
    controls: 'Arrow keys or WASD, or swipe. P pauses.',
  },
  snake: {
    slug: 'snake',
    name: 'Snake',
    resultKind: 'SCORE',
    // 20×20 cells, three taken at the start: 397 foods of 10 points fill the grid.
    maxScore: 3_970,
    integrationUrl: '/snake/',
    tagline: 'Eat, grow, and keep clear of the walls and your own tail.',
    controls: 'Arrow keys or WASD, or swipe. P pauses.',
  },
  pairs: {
    slug: 'pairs',
    name: 'Memory Pairs',
    resultKind: 'TIME',
    // The longest play the core replays: five minutes.
    maxScore: 300_000,
    integrationUrl: '/pairs/',
    tagline: 'Find all eight pairs against the clock.',
    controls: 'Click or tap a card; arrow keys and Enter or Space work too. P pauses.',
  },
};

export function catalogGame(slug: string): CatalogGame | null {
  return Object.hasOwn(GAME_CATALOG, slug) ? GAME_CATALOG[slug as VerifiedGameSlug] : null;
}

/** True when results of this game are verified by replay (a play session), never taken as bare numbers. */
export const isVerifiedGame = (slug: string): boolean => catalogGame(slug) !== null;
