import { snake } from '@arena/games';
import { InputLog } from '../shared/input-log';
import type { Cue, Play } from '../shared/play';

/**
 * A run of Snake, driven the way `snake.core.ts` replays (see the header of snake.rules.ts): the snake
 * runs every tick due at the game clock; a turn first runs the ticks due at its stamp, then is queued
 * and recorded unless the rules (or the human-rate limit) refuse it.
 */
export class SnakePlay implements Play<snake.SnakeDirection> {
  readonly state: snake.SnakeState;
  readonly log = new InputLog<snake.SnakeDirection>(snake.snakeCore);

  constructor(readonly seed: string) {
    this.state = snake.newSnakeGame(seed);
  }

  get over(): boolean {
    return snake.isSnakeOver(this.state);
  }

  /** Runs the ticks due at `atMs`; says what the player should hear about them. */
  advance(atMs: number): Cue | null {
    const eaten = this.state.eaten;
    snake.advanceSnake(this.state, atMs);
    return this.state.eaten > eaten ? 'eat' : null;
  }

  /** A turn at `atMs`: true when it was accepted (and recorded). */
  turn(direction: snake.SnakeDirection, atMs: number): boolean {
    snake.advanceSnake(this.state, atMs);
    if (this.over || snake.snakeTurnRefusal(this.state, direction) !== null) return false;
    if (!this.log.accepts(atMs)) return false;
    snake.turnSnake(this.state, direction);
    this.log.record(atMs, direction);
    return true;
  }

  /** Ended early, the replay lets the snake run on until the game is over (into the wall ahead): so do we. */
  end(): void {
    snake.advanceSnake(this.state, snake.snakeCore.maxDurationMs);
  }

  replay() {
    return snake.snakeCore.replay(this.seed, this.log.toArray());
  }

  result() {
    return { score: snake.snakeScore(this.state), completed: this.state.end !== 'time' };
  }
}
