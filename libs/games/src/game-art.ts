import type {
  GameArtBoard,
  PairsArtBoard,
  SnakeArtBoard,
  TilesArtBoard,
  VerifiedGameSlug,
} from '@arena/contracts';
import { SeededRandom } from './game-core';
import {
  PAIRS_CARD_COUNT,
  PAIRS_COLUMNS,
  applyInput,
  layoutOf,
  newGame as newPairsGame,
} from './pairs/pairs.core';
import { playSnake } from './snake/snake.bot';
import {
  SNAKE_GRID_SIZE,
  SNAKE_TICK_MS,
  advanceSnake,
  newSnakeGame,
  snakeCells,
  snakeFood,
  snakeScore,
  turnSnake,
} from './snake/snake.rules';
import { playTiles } from './tiles/tiles.bot';
import { TILES_SIZE } from './tiles/tiles.rules';

/**
 * Each hosted game's card art, played by its own core from a fixed seed for a few steps (issue 23,
 * item 8): no drawing by hand, and the art changes only when the rules do. Pure; `npm run art:games`
 * writes its answer to libs/contracts/src/game-art.boards.ts for the web (which cannot import this lib).
 */

export const GAME_ART_SEED = 'charity-arena:game-art';

/** Tile Merge after `moves` moves of the corner bot: a board with a few merged tiles. */
export function tilesArt(seed = GAME_ART_SEED, moves = 60): TilesArtBoard {
  const { state } = playTiles(seed, new SeededRandom(`${seed}:bot`), {
    lapseOneIn: 8,
    paceMs: [200, 400],
    looksAhead: true,
    stopAfter: moves,
  });
  return { kind: 'tiles', size: TILES_SIZE, cells: [...state.board], score: state.score };
}

/** Snake after `ticks` ticks of the careful bot, replayed through the rules to the tick. */
export function snakeArt(seed = GAME_ART_SEED, ticks = 1000): SnakeArtBoard {
  const { log } = playSnake(seed, new SeededRandom(`${seed}:bot`), { maxTicks: ticks, careful: true });
  const state = newSnakeGame(seed);
  const untilMs = ticks * SNAKE_TICK_MS;
  for (const { atMs, input } of log) {
    if (atMs >= untilMs) break;
    advanceSnake(state, atMs);
    turnSnake(state, input);
  }
  advanceSnake(state, untilMs);
  return {
    kind: 'snake',
    size: SNAKE_GRID_SIZE,
    body: snakeCells(state),
    food: snakeFood(state),
    score: snakeScore(state),
  };
}

/** Memory Pairs after the first `pairs` pairs were found (in the order of their faces), the rest face down. */
export function pairsArt(seed = GAME_ART_SEED, pairs = 3): PairsArtBoard {
  const faces = layoutOf(seed);
  let state = newPairsGame(seed);
  let atMs = 0;
  for (let face = 0; face < pairs; face++) {
    for (let card = 0; card < PAIRS_CARD_COUNT; card++) {
      if (faces[card] !== face) continue;
      atMs += 600;
      const outcome = applyInput(state, { atMs, input: { card } });
      if (!outcome.ok) throw new Error(`Game art: ${outcome.reason}`);
      state = outcome.state;
    }
  }
  return {
    kind: 'pairs',
    columns: PAIRS_COLUMNS,
    cards: state.faces.map((face, card) => (state.matched[card] ? face : null)),
    pairsFound: state.pairsFound,
  };
}

/** The art of every hosted game, by slug. */
export function gameArtBoards(): Record<VerifiedGameSlug, GameArtBoard> {
  return { tiles: tilesArt(), snake: snakeArt(), pairs: pairsArt() };
}

/** The source of libs/contracts/src/game-art.boards.ts: the boards as a typed constant. */
export function gameArtModule(boards: Record<VerifiedGameSlug, GameArtBoard> = gameArtBoards()): string {
  return [
    '// Written by `npm run art:games` (libs/games/scripts/game-art.ts) from each core; do not edit by hand.',
    "import type { GameArtBoard } from './game-art';",
    "import type { VerifiedGameSlug } from './games.catalog';",
    '',
    `export const GAME_ART_BOARDS: Readonly<Record<VerifiedGameSlug, GameArtBoard>> = ${JSON.stringify(boards)};`,
    '',
  ].join('\n');
}
