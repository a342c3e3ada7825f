import { GAME_CORES, snake } from '@arena/games';
import { openRun } from '../shared/run-watch';
import { verifiedRun } from '../shared/watch-runs.fixture';
import { snakeTimeline } from './snake-watch';

describe('a watched Snake run', () => {
  const { material, log, score } = verifiedRun('snake', 'snake-watch-spec');
  const opened = openRun(GAME_CORES.snake, material, snakeTimeline);
  if (!opened.ok) throw new Error(opened.reason);
  const { timeline } = opened;
  const head = (tick: number) => snake.snakeCells(timeline.at(tick).state)[0]!;

  it('has a position per tick and ends where the replay ended, on the verified score', () => {
    expect(score).toBeGreaterThan(0);
    const last = timeline.at(timeline.last).state;
    expect(last.tick).toBe(timeline.last);
    expect(last.end).not.toBeNull();
    expect(snake.snakeScore(last)).toBe(score);
    expect(timeline.at(timeline.last).stats[0]).toEqual({
      label: 'Score',
      value: String(score),
      live: false,
    });
    expect(timeline.clockMs(timeline.last)).toBe(timeline.last * snake.SNAKE_TICK_MS);
  });

  it('opens three cells long on no score, before the first tick', () => {
    const first = timeline.at(0).state;
    expect([first.tick, first.length, snake.snakeScore(first)]).toEqual([0, 3, 0]);
  });

  it('moves the head one cell a tick, and the score never goes down', () => {
    for (let tick = 1; tick < timeline.last; tick++) {
      const from = head(tick - 1);
      const to = head(tick);
      expect([tick, Math.abs(to.x - from.x) + Math.abs(to.y - from.y)]).toEqual([tick, 1]);
      expect(snake.snakeScore(timeline.at(tick).state)).toBeGreaterThanOrEqual(
        snake.snakeScore(timeline.at(tick - 1).state),
      );
    }
  });

  it('takes each turn on the tick after its stamp, as the replay does', () => {
    // A turn stamped between two ticks heads the snake its way from the next tick (the second of two
    // quick turns a tick later).
    for (const [index, turn] of log.entries()) {
      const tick = Math.floor(turn.atMs / snake.SNAKE_TICK_MS) + 1;
      if (tick > timeline.last) break;
      const queuedBehind = index > 0 && Math.floor(log[index - 1]!.atMs / snake.SNAKE_TICK_MS) + 1 >= tick;
      if (queuedBehind) continue;
      expect([index, timeline.at(tick).state.heading]).toEqual([index, turn.input]);
    }
  });
});
