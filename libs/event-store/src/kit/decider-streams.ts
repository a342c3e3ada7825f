import { WrongExpectedRevisionError, type EventStore } from '../event-store.port';
import type { Decider, Decision } from './decider';
import { randomEventIds, type EventIds } from './event-ids';

export interface DeciderStreamsOptions<Command, Event, State> {
  store: EventStore;
  decider: Decider<Command, Event, State>;
  /** The stream of a key (a member's id, an EIN): `referral-{referrerId}`. */
  streamId(key: string): string;
  /** The key a command is about: its stream is `streamId(keyOf(command))`. */
  keyOf(command: Command): string;
  /** The refusal a command gets when other processes kept winning the race for its stream. */
  busy(): Error;
  /** Appends tried before `busy()`; each lost race reads the newer events and decides again. */
  maxAttempts?: number;
  /** Upper bound of the random pause after a lost race, times the attempt, so racers spread out. */
  retryJitterMs?: number;
  /**
   * How many streams' folded state this process keeps (an LRU), so a command on a hot stream decides
   * without reading it. 0 (the default) reads the whole stream for every command: right for streams
   * that see a handful of events in their life. A cached state is trusted only for an append, which the
   * expected revision guards: a refusal or a no-op decided on it is decided again on the newest events.
   */
  cacheSize?: number;
  /**
   * Up to this many waiting commands with fresh ids (`randomEventIds`) on one stream are decided in turn
   * and appended in one round trip. Fresh ids can never be stored already, so such a group appends all
   * its events or none. 1 (the default) appends each command alone.
   */
  maxGroup?: number;
}

interface Snapshot<State> {
  state: State;
  /** Revision of the last event folded into state; -1 for a stream not written yet. */
  revision: number;
}

interface Pending<Command, Event, State> {
  command: Command;
  eventIds: EventIds;
  resolve(decision: Decision<Event, State>): void;
  reject(error: unknown): void;
}

interface Lane<Command, Event, State> {
  waiting: Pending<Command, Event, State>[];
}

type Outcome<Event, State> =
  | { kind: 'accepted'; events: Event[]; state: State }
  | { kind: 'unchanged'; state: State }
  | { kind: 'refused'; error: unknown; state: State };

/** Conflicts that never settled: every command of the group would meet them again. */
class RetriesExhausted extends Error {}

/**
 * The write side of one kind of stream: a decider, configured once per context. A context's Nest
 * provider extends it with its options (`class ReferralStreams extends DeciderStreams<…>`).
 */
export class DeciderStreams<Command, Event extends { type: string; data: unknown }, State> {
  private readonly cache = new Map<string, Snapshot<State>>();
  private readonly lanes = new Map<string, Lane<Command, Event, State>>();
  private readonly maxAttempts: number;
  private readonly retryJitterMs: number;
  private readonly cacheSize: number;
  private readonly maxGroup: number;

  constructor(private readonly options: DeciderStreamsOptions<Command, Event, State>) {
    this.maxAttempts = options.maxAttempts ?? 10;
    this.retryJitterMs = options.retryJitterMs ?? 5;
    this.cacheSize = options.cacheSize ?? 0;
    this.maxGroup = options.maxGroup ?? 1;
  }

  /** The stream's state now (from the cache when one is kept, topped up with newer events). */
  async load(key: string): Promise<State> {
    return (await this.refresh(this.options.streamId(key))).state;
  }

  /**
   * The cached state, without a read, when `enough(state)` says it holds what the caller needs; else
   * `load(key)`. Only for what never changes once it is there (a play's seed, a tournament's game)
   * ahead of a command the expected revision guards anyway: anything that can change is decided
   * again on the newest events when the command is appended.
   */
  async loadCached(key: string, enough: (state: State) => boolean): Promise<State> {
    const cached = this.cacheSize > 0 ? this.cache.get(this.options.streamId(key)) : undefined;
    if (cached && enough(cached.state)) return cached.state;
    return this.load(key);
  }

  /**
   * Decides the command on its stream and appends the events with the expected revision. Commands on
   * one stream run one append at a time in this process, so a burst of the same webhook or request
   * costs no conflicts; another process's append makes it decide again on the new events. Derived ids
   * make a replayed cause append nothing: the decision then has no events and the stream's state.
   */
  execute(command: Command, eventIds: EventIds): Promise<Decision<Event, State>> {
    const streamId = this.options.streamId(this.options.keyOf(command));
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(streamId);
      const idle = !lane;
      if (!lane) {
        lane = { waiting: [] };
        this.lanes.set(streamId, lane);
      }
      lane.waiting.push({ command, eventIds, resolve, reject });
      if (idle) void this.drain(streamId, lane);
    });
  }

  private async drain(streamId: string, lane: Lane<Command, Event, State>): Promise<void> {
    while (lane.waiting.length > 0) {
      const group = this.takeGroup(lane.waiting);
      try {
        await this.decideAndAppend(streamId, group);
      } catch (error) {
        if (group.length > 1 && !(error instanceof RetriesExhausted)) await this.oneByOne(streamId, group);
        else group.forEach((pending) => pending.reject(this.refusal(error)));
      }
      // The callers just answered queue their next command a few promise ticks later, through
      // whatever awaits they sit behind: one turn of the event loop lets them join the next group
      // instead of each starting a group of their own.
      if (this.maxGroup > 1) await new Promise((resolve) => setImmediate(resolve));
    }
    this.lanes.delete(streamId);
  }

  /**
   * A grouped append the store refused as a whole: each command is decided and appended on its own,
   * so only the one at fault gets the error and the others land.
   */
  private async oneByOne(streamId: string, group: Pending<Command, Event, State>[]): Promise<void> {
    for (const pending of group) {
      try {
        await this.decideAndAppend(streamId, [pending]);
      } catch (error) {
        pending.reject(this.refusal(error));
      }
    }
  }

  private refusal(error: unknown): unknown {
    return error instanceof RetriesExhausted ? this.options.busy() : error;
  }

  /**
   * Decides each command of the group on the state the previous ones leave, then appends all their
   * events at once, with the expected revision of the state they were decided on.
   */
  private async decideAndAppend(streamId: string, group: Pending<Command, Event, State>[]): Promise<void> {
    let snapshot = this.cacheSize > 0 ? this.cache.get(streamId) : undefined;
    let fresh = false;
    const refresh = async () => {
      snapshot = await this.refresh(streamId);
      fresh = true;
      return snapshot;
    };
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const current = snapshot ?? (await refresh());
      const outcomes = this.decideInTurn(group, current.state);
      if (!fresh && outcomes.some((outcome) => outcome.kind !== 'accepted')) {
        await refresh();
        continue;
      }
      const appending = outcomes.flatMap((outcome, index) =>
        outcome.kind === 'accepted'
          ? outcome.events.map((event, n) => ({
              id: group[index]!.eventIds(n),
              type: event.type,
              data: event.data,
            }))
          : [],
      );
      if (appending.length > 0) {
        try {
          const result = await this.options.store.appendToStream(streamId, appending, {
            expectedRevision: current.revision < 0 ? 'no_stream' : current.revision,
          });
          if (result.duplicate || result.nextExpectedRevision !== current.revision + appending.length) {
            // These derived ids were stored already (a replayed cause, which always goes alone).
            const { state } = await refresh();
            group[0]!.resolve({ events: [], state });
            return;
          }
          this.remember(streamId, { state: outcomes.at(-1)!.state, revision: result.nextExpectedRevision });
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * this.retryJitterMs * attempt));
          await refresh();
          continue;
        }
      }
      outcomes.forEach((outcome, index) => {
        const pending = group[index]!;
        if (outcome.kind === 'refused') pending.reject(outcome.error);
        else
          pending.resolve({
            events: outcome.kind === 'accepted' ? outcome.events : [],
            state: outcome.state,
          });
      });
      return;
    }
    throw new RetriesExhausted();
  }

  /** Each command decided on the state the ones before it leave; `state` is the state after it. */
  private decideInTurn(
    group: readonly Pending<Command, Event, State>[],
    initial: State,
  ): Outcome<Event, State>[] {
    const { decide, evolve } = this.options.decider;
    let state = initial;
    return group.map(({ command }): Outcome<Event, State> => {
      let events: Event[];
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

  /** Cost: reads only the events after the cached revision (the whole stream when nothing is cached). */
  private async refresh(streamId: string): Promise<Snapshot<State>> {
    const { evolve, initialState } = this.options.decider;
    const cached = this.cache.get(streamId) ?? { state: initialState, revision: -1 };
    const newer = await this.options.store.readStream(streamId, { fromRevision: cached.revision + 1 });
    if (newer.length === 0) return cached;
    const snapshot: Snapshot<State> = {
      // A recorded event is the stored event with its place in the log: the decider reads type and data.
      state: newer.reduce((state, event) => evolve(state, event as unknown as Event), cached.state),
      revision: newer[newer.length - 1]!.revision,
    };
    this.remember(streamId, snapshot);
    return snapshot;
  }

  private remember(streamId: string, snapshot: Snapshot<State>): void {
    if (this.cacheSize === 0) return;
    // A Map keeps insertion order: deleting and re-inserting makes it a small LRU.
    this.cache.delete(streamId);
    this.cache.set(streamId, snapshot);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  /** The next group: the leading run of commands with fresh ids, or one command that must go alone. */
  private takeGroup(waiting: Pending<Command, Event, State>[]): Pending<Command, Event, State>[] {
    const groupable = (pending: Pending<Command, Event, State>) => pending.eventIds === randomEventIds;
    if (this.maxGroup <= 1 || !groupable(waiting[0]!)) return waiting.splice(0, 1);
    const run = waiting.findIndex((pending, index) => index >= this.maxGroup || !groupable(pending));
    return waiting.splice(0, run === -1 ? waiting.length : run);
  }
}
