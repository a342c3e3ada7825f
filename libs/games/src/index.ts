export * from './game-core';
export * as tiles from './tiles';
export * as snake from './snake';
export * as pairs from './pairs';
export * from './game-cores';
export * from './bots';
export * from './input-log/packed-log';
export * from './game-art';
export * from './run-replay';
