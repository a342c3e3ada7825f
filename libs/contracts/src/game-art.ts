/**
 * Game art drawn from each hosted game's own rules (issue 23, item 8): a board the game's core reached
 * from a fixed seed after a few steps. `libs/games/src/game-art.ts` plays the cores and
 * `npm run art:games` writes the boards into `game-art.boards.ts` beside this file, so the web draws
 * them without bundling the cores (it may import only libs/contracts). Framework-free and zod-free.
 */

/** Tile Merge: `size`×`size` tile values in reading order, 0 for an empty cell. */
export interface TilesArtBoard {
  kind: 'tiles';
  size: number;
  cells: number[];
  score: number;
}

/** Snake: the body head first, and the food, on a `size`×`size` grid. */
export interface SnakeArtBoard {
  kind: 'snake';
  size: number;
  body: { x: number; y: number }[];
  food: { x: number; y: number } | null;
  score: number;
}

/** Memory Pairs: each card's face (0..7) when it is face up (matched), null when it is face down. */
export interface PairsArtBoard {
  kind: 'pairs';
  columns: number;
  cards: (number | null)[];
  pairsFound: number;
}

export type GameArtBoard = TilesArtBoard | SnakeArtBoard | PairsArtBoard;
