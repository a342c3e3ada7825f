import { InputLog } from './input-log';

describe('InputLog', () => {
  it('records inputs with their stamps and hands out copies', () => {
    const log = new InputLog<string>({ maxInputsPerSecond: 10, maxDurationMs: 60_000 });
    log.record(0, 'left');
    log.record(120, 'up');
    const copy = log.toArray();
    expect(copy).toEqual([
      { atMs: 0, input: 'left' },
      { atMs: 120, input: 'up' },
    ]);
    copy[0]!.atMs = 99;
    expect(log.toArray()[0]!.atMs).toBe(0);
    expect(log.length).toBe(2);
  });

  it('refuses an input that would be more than the limit in one second, and takes it a second later', () => {
    const log = new InputLog<string>({ maxInputsPerSecond: 3, maxDurationMs: 60_000 });
    for (const atMs of [0, 10, 20]) log.record(atMs, 'x');
    expect(log.accepts(999)).toBe(false);
    expect(log.accepts(1000)).toBe(true);
  });

  it('refuses an input after the longest play', () => {
    const log = new InputLog<string>({ maxInputsPerSecond: 3, maxDurationMs: 5_000 });
    expect(log.accepts(5_000)).toBe(true);
    expect(log.accepts(5_001)).toBe(false);
  });

  it('never records a stamp earlier than the last one', () => {
    const log = new InputLog<string>({ maxInputsPerSecond: 3, maxDurationMs: 5_000 });
    log.record(50, 'x');
    expect(() => log.record(49, 'y')).toThrow('backwards');
  });
});
