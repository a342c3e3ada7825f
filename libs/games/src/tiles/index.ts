export {
  tilesCore,
  tilesMoveSchema,
  newGame,
  applyMove,
  isOver,
  scoreOf,
  type TilesState,
} from './tiles.core';
export { TILES_MOVES, TILES_SIZE, slide, canMove, type TilesMove } from './tiles.rules';
