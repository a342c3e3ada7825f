import type { RecordedEvent } from '@arena/event-store';
import type { LockSession } from './lock-session';
import {
  advanceReactorCheckpoint,
  loadReactorCheckpoint,
  recordReactorFailure,
} from './reactor-checkpoints.queries';
import type { Reactor } from './reactor';
import { lockSessionOf, type RunnerDependencies } from './runner-options';
import { sleep } from './sleep';

const reactorLockKey = (name: string) => `reactor:${name}`;

/**
 * Serves a set of reactors in the worker: for each, it waits for the reactor's advisory lock (one
 * active runner per reactor across processes), then follows the log from the reactor's checkpoint
 * (reactor_checkpoints), reacting to one event at a time and moving the checkpoint after each. When
 * the lock is lost it stops at once: no further reaction and no checkpoint write, and the process
 * that takes over starts again from the stored checkpoint. stop() lets the reaction in flight finish.
 */
export class ReactionRunner {
  private readonly stopping = new AbortController();
  private running: Promise<void>[] = [];
  private readonly deps: RunnerDependencies & { locks: LockSession };
  private readonly ownsLocks: boolean;

  constructor(
    deps: RunnerDependencies,
    private readonly reactors: readonly Reactor[],
  ) {
    const names = new Set(reactors.map((reactor) => reactor.name));
    if (names.size !== reactors.length) throw new Error('Reactor names must be unique');
    const { locks, owned } = lockSessionOf(deps);
    this.deps = { ...deps, locks };
    this.ownsLocks = owned;
  }

  start(): void {
    if (this.running.length > 0) return;
    this.running = this.reactors.map((reactor) => this.serve(reactor));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.running);
    if (this.ownsLocks) await this.deps.locks.close();
  }

  private async serve(reactor: Reactor): Promise<void> {
    const { logger, options } = this.deps;
    let failures = 0;
    while (!this.stopping.signal.aborted) {
      const lock = await this.deps.locks.acquire(
        reactorLockKey(reactor.name),
        options.lockRetryMs,
        this.stopping.signal,
      );
      if (!lock) return;
      logger.log(`${reactor.name}: holds the reactor lock`);
      try {
        await this.follow(reactor, lock.lost);
        failures = 0;
      } catch (error) {
        failures += 1;
        logger.error(`${reactor.name}: runner error: ${describe(error)}`);
        await sleep(Math.min(options.retryBaseMs * 2 ** failures, options.retryMaxMs), this.stopping.signal);
      } finally {
        await lock.release();
      }
      if (lock.lost.aborted && !this.stopping.signal.aborted)
        logger.warn(`${reactor.name}: lost the reactor lock`);
    }
  }

  /** Until stopped or the lock is lost; a subscription that fails is opened again from the checkpoint. */
  private async follow(reactor: Reactor, lost: AbortSignal): Promise<void> {
    const { db, eventStore, logger, options } = this.deps;
    const signal = AbortSignal.any([this.stopping.signal, lost]);
    while (!signal.aborted) {
      const subscription = eventStore.subscribeToAll({
        after: await loadReactorCheckpoint(db, reactor.name),
        eventTypes: reactor.eventTypes,
      });
      const end = () => void subscription.unsubscribe().catch(() => undefined);
      signal.addEventListener('abort', end, { once: true });
      try {
        for await (const event of subscription) {
          if (!(await this.reactWithRetry(reactor, event, signal))) break;
          // The reaction in flight when the process stops still counts; one whose lock was lost does not.
          if (lost.aborted) break;
          await advanceReactorCheckpoint(db, reactor.name, event.position);
          if (signal.aborted) break;
        }
      } catch (error) {
        if (signal.aborted) break;
        logger.warn(`${reactor.name}: subscription ended: ${describe(error)}`);
        await sleep(options.pollIntervalMs, signal);
      } finally {
        signal.removeEventListener('abort', end);
        await subscription.unsubscribe().catch(() => undefined);
      }
    }
  }

  /** True once the reactor took the event; false when stopped or the lock was lost first. Never skips. */
  private async reactWithRetry(
    reactor: Reactor,
    event: RecordedEvent,
    signal: AbortSignal,
  ): Promise<boolean> {
    const { db, logger, options } = this.deps;
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        await reactor.react(event);
        return true;
      } catch (error) {
        const failure = `${event.type} ${event.id} failed (attempt ${attempt + 1}): ${describe(error)}`;
        logger.warn(`${reactor.name}: ${failure}`);
        // Best effort: the database may be what fails.
        await recordReactorFailure(db, reactor.name, failure).catch(() => undefined);
        await sleep(Math.min(options.retryBaseMs * 2 ** attempt, options.retryMaxMs), signal);
      }
    }
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
