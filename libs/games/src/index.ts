export * from './game-core';
