/**
 * The game clock of one play: whole ms since the play started, standing still while paused. Every
 * recorded input is stamped with it, and the cores replay against it, so it must never run backwards
 * and must not count a pause. `now` is the page's monotonic clock (performance.now), injected for tests.
 */
export class GameClock {
  private startedAt: number | null = null;
  private pausedAt: number | null = null;
  private pausedTotal = 0;

  constructor(private readonly now: () => number) {}

  get started(): boolean {
    return this.startedAt !== null;
  }

  get paused(): boolean {
    return this.pausedAt !== null;
  }

  start(): void {
    if (this.startedAt === null) this.startedAt = this.now();
  }

  pause(): void {
    if (this.startedAt !== null && this.pausedAt === null) this.pausedAt = this.now();
  }

  resume(): void {
    if (this.pausedAt === null) return;
    this.pausedTotal += this.now() - this.pausedAt;
    this.pausedAt = null;
  }

  /** Whole ms of play so far: 0 before the start, frozen while paused. */
  elapsedMs(): number {
    if (this.startedAt === null) return 0;
    const until = this.pausedAt ?? this.now();
    return Math.max(0, Math.floor(until - this.startedAt - this.pausedTotal));
  }
}
