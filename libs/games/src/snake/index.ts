export * from './snake.core';
export * from './snake.rules';
export { playSnake, type SnakeBotOptions, type SnakeBotPlay } from './snake.bot';
