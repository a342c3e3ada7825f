export * from './snake.core';
export * from './snake.rules';
