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
import { randomEventIds, type EventIds } from './event-ids';

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

const MAX_ATTEMPTS = 20;
const CACHE_SIZE = 2000;
const RETRY_JITTER_MS = 2;
/** Commands decided together and appended in one round trip, at most. */
const MAX_GROUP = 100;

interface Pending {
  command: TournamentCommand;
  eventIds: EventIds;
  resolve(decision: Decision): void;
  reject(error: unknown): void;
}

interface Lane {
  running: boolean;
  waiting: Pending[];
}

/**
 * Fresh ids can never be stored already, so a group of such commands appends all its events or none.
 * A command with derived ids (a job re-run) may be a replay the store answers as a no-op: it goes alone.
 */
const groupable = (pending: Pending) => pending.eventIds === randomEventIds;

/**
 * Loads a tournament stream, decides, appends with the expected revision. A live tournament takes
 * thousands of scores, so each process keeps the folded state of recent streams: a command decides on
 * it and appends in one round trip, and only when that append conflicts (another process wrote) does
 * it read the events appended since. Commands on one stream run one append at a time per process, so
 * a burst of scores never conflicts with itself: while an append is in flight, the members' commands
 * that arrive queue up and are then decided one after another on the folded state and appended
 * together, so a hot tournament costs one round trip per group rather than per score. Conflicts with
 * other processes are retried a few times, then refused.
 */
@Injectable()
export class TournamentStreamRepository {
  private readonly cache = new Map<string, Snapshot>();
  private readonly lanes = new Map<string, Lane>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(tournamentId: string): Promise<TournamentState> {
    return (await this.refresh(tournamentStreamId(tournamentId))).state;
  }

  execute(command: TournamentCommand, eventIds: EventIds): Promise<Decision> {
    const streamId = tournamentStreamId(command.data.tournamentId);
    return new Promise<Decision>((resolve, reject) => {
      let lane = this.lanes.get(streamId);
      if (!lane) {
        lane = { running: false, waiting: [] };
        this.lanes.set(streamId, lane);
      }
      lane.waiting.push({ command, eventIds, resolve, reject });
      if (!lane.running) void this.drain(streamId, lane);
    });
  }

  private async drain(streamId: string, lane: Lane): Promise<void> {
    lane.running = true;
    while (lane.waiting.length > 0) {
      const group = takeGroup(lane.waiting);
      try {
        await this.decideAndAppend(streamId, group);
      } catch (error) {
        if (group.length > 1 && isStoreFailure(error)) await this.oneByOne(streamId, group);
        else group.forEach((pending) => pending.reject(error));
      }
    }
    this.lanes.delete(streamId);
  }

  /**
   * A grouped append the store refused as a whole: each command is decided and appended on its own,
   * so only the one at fault gets the error and the others land.
   */
  private async oneByOne(streamId: string, group: Pending[]): Promise<void> {
    for (const pending of group) {
      try {
        await this.decideAndAppend(streamId, [pending]);
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /**
   * Decides each command of the group on the state the previous ones leave, then appends all their
   * events at once. The cached state is trusted only for an append, which the expected revision
   * guards: a refusal or a no-op decided on it sends the whole group back to be decided again on the
   * newest events, so every answer a member gets was decided on the stream as it really is.
   */
  private async decideAndAppend(streamId: string, group: Pending[]): Promise<void> {
    let snapshot = this.cache.get(streamId);
    let fresh = false;
    const refresh = async () => {
      snapshot = await this.refresh(streamId);
      fresh = true;
      return snapshot;
    };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = snapshot ?? (await refresh());
      const outcomes = decideInTurn(group, current.state);
      if (!fresh && outcomes.some((outcome) => outcome.kind !== 'accepted')) {
        await refresh();
        continue;
      }
      const events = outcomes.flatMap((outcome) => (outcome.kind === 'accepted' ? outcome.events : []));
      if (events.length > 0) {
        try {
          const result = await this.store.appendToStream(
            streamId,
            outcomes.flatMap((outcome, index) =>
              outcome.kind === 'accepted'
                ? outcome.events.map((event, n) => ({
                    id: group[index]!.eventIds(n),
                    type: event.type,
                    data: event.data,
                  }))
                : [],
            ),
            { expectedRevision: current.revision < 0 ? 'no_stream' : current.revision },
          );
          if (result.nextExpectedRevision !== current.revision + events.length) {
            // These ids were already stored (a re-run job, always alone): nothing was appended now.
            const { state } = await refresh();
            group[0]!.resolve({ events: [], state: existing(state) });
            return;
          }
          this.remember(streamId, { state: outcomes.at(-1)!.state, revision: result.nextExpectedRevision });
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          // Another process won the race: spread the retries so the same processes do not collide again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_JITTER_MS * attempt));
          await refresh();
          continue;
        }
      }
      outcomes.forEach((outcome, index) => answer(group[index]!, outcome));
      return;
    }
    throw new TournamentError('conflict', 'This tournament is busy right now: please try again');
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

type Outcome =
  | { kind: 'accepted'; events: TournamentEvent[]; state: TournamentState }
  | { kind: 'unchanged'; state: TournamentState }
  | { kind: 'refused'; error: unknown; state: TournamentState };

/** Each command decided on the state the ones before it leave; `state` is the state after it. */
function decideInTurn(group: readonly Pending[], initial: TournamentState): Outcome[] {
  let state = initial;
  return group.map(({ command }): Outcome => {
    let events: TournamentEvent[];
    try {
      events = decide(command, state);
    } catch (error) {
      return { kind: 'refused', error, state };
    }
    if (events.length === 0) return { kind: 'unchanged', state };
    state = events.reduce(evolve, state);
    return { kind: 'accepted', events, state };
  });
}

function answer(pending: Pending, outcome: Outcome): void {
  if (outcome.kind === 'refused') return pending.reject(outcome.error);
  try {
    pending.resolve({
      events: outcome.kind === 'accepted' ? outcome.events : [],
      state: existing(outcome.state),
    });
  } catch (error) {
    pending.reject(error);
  }
}

/**
 * An error from the store itself, not conflicts that never settled (which every command of the
 * group would meet again): it may belong to one command's events, so the group is worth splitting.
 */
const isStoreFailure = (error: unknown) => !(error instanceof TournamentError);

/** The next group: the leading run of groupable commands, or one command that must go alone. */
function takeGroup(waiting: Pending[]): Pending[] {
  if (!groupable(waiting[0]!)) return waiting.splice(0, 1);
  const run = waiting.findIndex((pending, index) => index >= MAX_GROUP || !groupable(pending));
  return waiting.splice(0, run === -1 ? waiting.length : run);
}

/** Only a create decides on a missing stream, and it always leaves one behind. */
function existing(state: TournamentState): ExistingTournament {
  if (state.status === 'NONE') throw tournamentNotFound();
  return state;
}
