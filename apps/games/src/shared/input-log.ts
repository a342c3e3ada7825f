import type { TimedInput } from '@arena/games';

/**
 * The input log of one play, exactly as the server will replay it: each accepted input stamped with
 * the game clock. Stamps never go backwards, and an input that would break the core's human-rate
 * limit (more than `maxInputsPerSecond` in any one second) is refused here, so the log always replays.
 */
export class InputLog<I> {
  private readonly entries: TimedInput<I>[] = [];

  constructor(private readonly limits: { maxInputsPerSecond: number; maxDurationMs: number }) {}

  /** Whether an input stamped `atMs` may be recorded now (the rate and the longest play allow it). */
  accepts(atMs: number): boolean {
    if (atMs > this.limits.maxDurationMs) return false;
    const windowStart = this.entries.length - this.limits.maxInputsPerSecond;
    return windowStart < 0 || atMs - this.entries[windowStart]!.atMs >= 1000;
  }

  record(atMs: number, input: I): void {
    const last = this.entries[this.entries.length - 1];
    if (last && atMs < last.atMs) throw new Error('The game clock ran backwards');
    this.entries.push({ atMs, input });
  }

  get length(): number {
    return this.entries.length;
  }

  /** A copy to post: the page and the server get plain data. */
  toArray(): TimedInput<I>[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}
