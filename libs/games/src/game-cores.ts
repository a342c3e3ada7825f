import { catalogGame, type VerifiedGameSlug } from '@arena/contracts';
import type { GameCore } from './game-core';
import { pairsCore } from './pairs/pairs.core';
import { snakeCore } from './snake/snake.core';
import { tilesCore } from './tiles/tiles.core';

/** The core of every catalog game (`@arena/contracts` games.catalog), by slug. */
export const GAME_CORES: Readonly<Record<VerifiedGameSlug, GameCore<unknown>>> = {
  tiles: tilesCore as GameCore<unknown>,
  snake: snakeCore as GameCore<unknown>,
  pairs: pairsCore as GameCore<unknown>,
};

/** The core that verifies plays of this game; null for an external game. */
export function gameCoreFor(slug: string): GameCore<unknown> | null {
  const game = catalogGame(slug);
  return game ? GAME_CORES[game.slug] : null;
}
