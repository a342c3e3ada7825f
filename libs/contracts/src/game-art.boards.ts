// Written by `npm run art:games` (libs/games/scripts/game-art.ts) from each core; do not edit by hand.
import type { GameArtBoard } from './game-art';
import type { VerifiedGameSlug } from './games.catalog';

export const GAME_ART_BOARDS: Readonly<Record<VerifiedGameSlug, GameArtBoard>> = {
  tiles: { kind: 'tiles', size: 4, cells: [0, 0, 2, 4, 0, 0, 0, 4, 0, 2, 0, 8, 64, 32, 16, 2], score: 500 },
  snake: {
    kind: 'snake',
    size: 20,
    body: [
      { x: 1, y: 13 },
      { x: 1, y: 14 },
      { x: 1, y: 15 },
      { x: 1, y: 16 },
      { x: 1, y: 17 },
      { x: 1, y: 18 },
      { x: 2, y: 18 },
      { x: 2, y: 17 },
      { x: 2, y: 16 },
      { x: 2, y: 15 },
      { x: 2, y: 14 },
      { x: 2, y: 13 },
      { x: 2, y: 12 },
      { x: 2, y: 11 },
      { x: 2, y: 10 },
      { x: 2, y: 9 },
    ],
    food: { x: 13, y: 14 },
    score: 130,
  },
  pairs: {
    kind: 'pairs',
    columns: 4,
    cards: [null, null, null, null, 0, 1, null, 2, null, 1, null, null, null, null, 0, 2],
    pairsFound: 3,
  },
};
