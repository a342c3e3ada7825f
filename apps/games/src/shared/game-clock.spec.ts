import { GameClock } from './game-clock';

function clockAt(start: number) {
  const time = { now: start };
  return { time, clock: new GameClock(() => time.now) };
}

describe('GameClock', () => {
  it('reads 0 until the play starts, then whole ms since the start', () => {
    const { time, clock } = clockAt(1000);
    time.now = 1500;
    expect(clock.elapsedMs()).toBe(0);
    clock.start();
    time.now = 1750.9;
    expect(clock.elapsedMs()).toBe(250);
  });

  it('stands still while paused and does not count the pause after resuming', () => {
    const { time, clock } = clockAt(0);
    clock.start();
    time.now = 400;
    clock.pause();
    time.now = 5_400;
    expect(clock.paused).toBe(true);
    expect(clock.elapsedMs()).toBe(400);
    clock.resume();
    time.now = 5_500;
    expect(clock.elapsedMs()).toBe(500);
  });

  it('ignores a second start, a pause before the start and a resume without a pause', () => {
    const { time, clock } = clockAt(0);
    clock.pause();
    expect(clock.paused).toBe(false);
    clock.start();
    time.now = 100;
    clock.start();
    clock.resume();
    time.now = 300;
    expect(clock.elapsedMs()).toBe(300);
  });

  it('counts several pauses', () => {
    const { time, clock } = clockAt(0);
    clock.start();
    for (const [pauseAt, resumeAt] of [
      [100, 200],
      [300, 1300],
    ] as const) {
      time.now = pauseAt;
      clock.pause();
      time.now = resumeAt;
      clock.resume();
    }
    time.now = 1400;
    expect(clock.elapsedMs()).toBe(300);
  });
});
