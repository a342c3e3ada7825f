export {
  tilesCore,
  tilesMoveSchema,
  newGame,
  newGameOn,
  newGameOnStepSeeds,
  blockSeed,
  TILES_OPEN,
  applyMove,
  isOver,
  scoreOf,
  type TilesState,
} from './tiles.core';
export { TILES_MOVES, TILES_SIZE, slide, canMove, type TilesMove } from './tiles.rules';
export { playTiles, type TilesBotOptions } from './tiles.bot';
