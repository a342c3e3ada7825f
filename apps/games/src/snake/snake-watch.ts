import { snake } from '@arena/games';
import type { Stat } from '../shared/game-bar';
import type { TimelineBuilder } from '../shared/run-watch';

/**
 * A verified Snake run, one position per tick of its game clock (the snake moves with the clock, not
 * with the turns): the state at each tick is the core's (`snakeStateAt`) on the run's food seeds, a food
 * past them never drawn, as the server's replay does. A position is replayed from the start when asked
 * (a whole play replays in well under a millisecond: docs/benchmarks.md); the last one asked is kept.
 */
export const snakeTimeline: TimelineBuilder<snake.SnakeState> = (material, log, result) => {
  const seeds = material.stepSeeds ?? [];
  const turns = log as readonly { atMs: number; input: snake.SnakeDirection }[];
  const seedOf = (food: number) => (food < seeds.length ? seeds[food]! : null);
  let kept: { position: number; state: snake.SnakeState } | null = null;
  return {
    unit: 'Tick',
    last: result.ticks,
    clockMs: (position) => Math.max(0, Math.min(result.ticks, position)) * snake.SNAKE_TICK_MS,
    at(position) {
      const at = Math.max(0, Math.min(result.ticks, position));
      if (kept?.position !== at) {
        kept = { position: at, state: snake.snakeStateAt(snake.newSnakeGameOn(seedOf), turns, at) };
      }
      const { state } = kept;
      const stats: Stat[] = [
        { label: 'Score', value: String(snake.snakeScore(state)), live: false },
        { label: 'Length', value: String(state.length), live: false },
      ];
      return { state, stats };
    },
  };
};
