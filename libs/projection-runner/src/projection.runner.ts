import type { EventSubscription } from '@arena/event-store';
import { applyLoop, type LoopHooks } from './apply-loop';
import { createGeneration, loadGenerations } from './generations.queries';
import type { Projector } from './projector';
import { liveLockKey, rebuildProjection } from './rebuild';
import type { LockSession } from './lock-session';
import { lockSessionOf, type RunnerDependencies } from './runner-options';
import { SharedBatches } from './shared-batches';
import { sleep } from './sleep';

/**
 * Serves a set of projectors in the worker: for each, it waits for the projector's advisory lock
 * (one active runner per projector across processes), rebuilds when the projector's version is
 * newer than the generation serving reads, and applies the log live. stop() lets every batch in
 * flight commit, then releases the locks.
 *
 * Live, a projector first applies the log on its own from its checkpoint; once caught up it joins the
 * runner's shared batches (one read and one transaction per batch for every member, see
 * SharedBatches). It leaves them when its batch fails, its generation moves or the group is ahead of
 * it, goes on alone (retrying and parking a failing event as before) until caught up, and rejoins.
 */
export class ProjectionRunner {
  private readonly stopping = new AbortController();
  private readonly waiters = new Set<() => void>();
  /** Counts doorbell rings, so an event landing between a read and the wait is not slept through. */
  private rings = 0;
  private subscription?: EventSubscription;
  private running: Promise<void>[] = [];
  private readonly deps: RunnerDependencies & { locks: LockSession };
  private readonly ownsLocks: boolean;
  private readonly shared: SharedBatches;

  constructor(
    deps: RunnerDependencies,
    private readonly projectors: readonly Projector[],
  ) {
    const names = new Set(projectors.map((projector) => projector.name));
    if (names.size !== projectors.length) throw new Error('Projector names must be unique');
    const { locks, owned } = lockSessionOf(deps);
    this.deps = { ...deps, locks };
    this.ownsLocks = owned;
    this.shared = new SharedBatches(this.deps, this.doorbell());
  }

  start(): void {
    if (this.running.length > 0) return;
    this.listenForEvents();
    this.running = this.projectors.map((projector) => this.serve(projector));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.wakeAll();
    await this.subscription?.unsubscribe().catch(() => undefined);
    await Promise.all(this.running);
    if (this.ownsLocks) await this.deps.locks.close();
  }

  /** A subscription from the head is only a doorbell: batches are read with readAll from each checkpoint. */
  private listenForEvents(): void {
    const types = [...new Set(this.projectors.flatMap((projector) => projector.eventTypes))];
    void (async () => {
      while (!this.stopping.signal.aborted) {
        try {
          const after = await this.deps.eventStore.headPosition();
          this.subscription = this.deps.eventStore.subscribeToAll({ after, eventTypes: types });
          if (this.stopping.signal.aborted) await this.subscription.unsubscribe();
          for await (const _event of this.subscription) {
            this.wakeAll();
            if (this.stopping.signal.aborted) break;
          }
        } catch (error) {
          this.deps.logger.warn(`event subscription failed, polling meanwhile: ${String(error)}`);
        }
        await sleep(this.deps.options.pollIntervalMs, this.stopping.signal);
      }
    })();
  }

  private wakeAll(): void {
    this.rings += 1;
    const waiters = [...this.waiters];
    this.waiters.clear();
    waiters.forEach((wake) => wake());
  }

  /** One per loop: its wait returns at once when the doorbell rang since the loop's last read. */
  private doorbell(): LoopHooks {
    let seen = this.rings;
    return {
      beforeRead: () => {
        seen = this.rings;
      },
      waitForEvents: (signal) => (seen === this.rings ? this.waitForRing(signal) : Promise.resolve()),
    };
  }

  /** Until the doorbell rings, the poll interval passes or `signal` aborts; leaves no listener behind. */
  private waitForRing(signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        this.waiters.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, this.deps.options.pollIntervalMs);
      if (signal.aborted) return finish();
      signal.addEventListener('abort', finish, { once: true });
      this.waiters.add(finish);
    });
  }

  private async serve(projector: Projector): Promise<void> {
    const { logger, options } = this.deps;
    let failures = 0;
    while (!this.stopping.signal.aborted) {
      const lock = await this.deps.locks.acquire(
        liveLockKey(projector.name),
        options.lockRetryMs,
        this.stopping.signal,
      );
      if (!lock) return;
      logger.log(`${projector.name}: holds the projector lock`);
      const signal = AbortSignal.any([this.stopping.signal, lock.lost]);
      try {
        await this.serveLocked(projector, signal);
        failures = 0;
      } catch (error) {
        failures += 1;
        logger.error(
          `${projector.name}: runner error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        await sleep(Math.min(options.retryBaseMs * 2 ** failures, options.retryMaxMs), this.stopping.signal);
      } finally {
        await lock.release();
      }
      if (lock.lost.aborted && !this.stopping.signal.aborted)
        logger.warn(`${projector.name}: lost the projector lock`);
    }
  }

  private async serveLocked(projector: Projector, signal: AbortSignal): Promise<void> {
    const { db, logger, options } = this.deps;
    while (!signal.aborted) {
      const generations = await loadGenerations(db, projector.name);
      const active =
        generations.find((g) => g.status === 'active') ?? (await createGeneration(db, projector, 'active'));
      if (active.version < projector.version) {
        // The old tables keep serving (frozen: this code may not fit their schema) until the swap.
        await rebuildProjection(this.deps, projector, signal);
        continue;
      }
      if (active.version > projector.version) {
        logger.warn(
          `${projector.name}: generation ${active.generation} has version ${active.version}, newer than this process's ${projector.version}: idle`,
        );
        await sleep(options.retryMaxMs, signal);
        continue;
      }
      const alone = await applyLoop(
        this.deps,
        projector,
        active,
        'live',
        { ...this.doorbell(), leaveWhenCaughtUp: () => true },
        signal,
      );
      if (alone !== 'caught_up') continue;
      // The checkpoint the loop reached is in the generation row: read it again before joining.
      const current = (await loadGenerations(db, projector.name)).find(
        (g) => g.generation === active.generation && g.status === 'active',
      );
      if (current) await this.shared.join(projector, current, signal);
    }
  }
}
