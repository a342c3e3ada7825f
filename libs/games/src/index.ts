export * from './game-core';
export * as tiles from './tiles';
export * as snake from './snake';
export * from './pairs/pairs.core';
