export * from './game-core';
export * as tiles from './tiles';
