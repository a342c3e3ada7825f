import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore } from '@arena/event-store';
import type { TournamentCommand } from '../domain/tournament.commands';
import {
  decide,
  evolve,
  initialState,
  type ExistingTournament,
  type TournamentState,
} from '../domain/tournament.decider';
import { TournamentError, tournamentNotFound } from '../domain/tournament.errors';
import { tournamentStreamId, type TournamentEvent } from '../domain/tournament.events';
import type { EventIds } from './event-ids';

interface Snapshot {
  state: TournamentState;
  /** Revision of the last event folded into state; -1 for a stream not written yet. */
  revision: number;
}

export interface Decision {
  /** Events this command appended (empty when its effect had already happened). */
  events: TournamentEvent[];
  /** The stream's state after them. */
  state: ExistingTournament;
}

const MAX_ATTEMPTS = 10;
const CACHE_SIZE = 2000;
const RETRY_JITTER_MS = 2;

/**
 * Loads a tournament stream, decides, appends with the expected revision. A live tournament takes
 * thousands of scores, so each process keeps the folded state of recent streams: a command decides on
 * it and appends in one round trip, and only when that append conflicts (another process wrote) does
 * it read the events appended since. Commands on one stream run one at a time
 * per process, so a burst of scores never conflicts with itself; conflicts with other processes are
 * retried a few times, then refused.
 */
@Injectable()
export class TournamentStreamRepository {
  private readonly cache = new Map<string, Snapshot>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(tournamentId: string): Promise<TournamentState> {
    return (await this.refresh(tournamentStreamId(tournamentId))).state;
  }

  execute(command: TournamentCommand, eventIds: EventIds): Promise<Decision> {
    const streamId = tournamentStreamId(command.data.tournamentId);
    return this.oneAtATime(streamId, () => this.decideAndAppend(streamId, command, eventIds));
  }

  /**
   * The cached state is trusted only for an append, which the expected revision guards. A refusal or
   * a no-op decided on it is decided again on the newest events before it is answered.
   */
  private async decideAndAppend(
    streamId: string,
    command: TournamentCommand,
    eventIds: EventIds,
  ): Promise<Decision> {
    let snapshot = this.cache.get(streamId);
    let fresh = false;
    const refresh = async () => {
      snapshot = await this.refresh(streamId);
      fresh = true;
      return snapshot;
    };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = snapshot ?? (await refresh());
      let events: TournamentEvent[];
      try {
        events = decide(command, current.state);
      } catch (error) {
        if (fresh) throw error;
        await refresh();
        continue;
      }
      if (events.length === 0) {
        if (fresh) return { events, state: existing(current.state) };
        await refresh();
        continue;
      }
      try {
        const result = await this.store.appendToStream(
          streamId,
          events.map((event, index) => ({ id: eventIds(index), type: event.type, data: event.data })),
          { expectedRevision: current.revision < 0 ? 'no_stream' : current.revision },
        );
        if (result.nextExpectedRevision !== current.revision + events.length) {
          // These ids were already stored (a re-run job): nothing was appended this time.
          return { events: [], state: existing((await refresh()).state) };
        }
        const state = events.reduce(evolve, current.state);
        this.remember(streamId, { state, revision: result.nextExpectedRevision });
        return { events, state: existing(state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        // Another process won the race: spread the retries so the same processes do not collide again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_JITTER_MS * attempt));
        await refresh();
      }
    }
    throw new TournamentError('conflict', 'This tournament is busy right now: please try again');
  }

  private oneAtATime<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(streamId) ?? Promise.resolve()).then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(streamId, settled);
    void settled.then(() => {
      if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
    });
    return run;
  }

  private async refresh(streamId: string): Promise<Snapshot> {
    const cached = this.cache.get(streamId) ?? { state: initialState, revision: -1 };
    const newer = await this.store.readStream(streamId, { fromRevision: cached.revision + 1 });
    if (newer.length === 0) return cached;
    const snapshot: Snapshot = {
      state: newer.reduce((state, event) => evolve(state, event as unknown as TournamentEvent), cached.state),
      revision: newer[newer.length - 1]!.revision,
    };
    this.remember(streamId, snapshot);
    return snapshot;
  }

  private remember(streamId: string, snapshot: Snapshot) {
    // Map keeps insertion order: deleting and re-inserting makes it a small LRU.
    this.cache.delete(streamId);
    this.cache.set(streamId, snapshot);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** Only a create decides on a missing stream, and it always leaves one behind. */
function existing(state: TournamentState): ExistingTournament {
  if (state.status === 'NONE') throw tournamentNotFound();
  return state;
}
