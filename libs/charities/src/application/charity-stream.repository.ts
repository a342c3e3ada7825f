import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore } from '@arena/event-store';
import type { CharityCommand } from '../domain/charity.commands';
import { decide, evolve, initialState, type CharityState } from '../domain/charity.decider';
import { streamBusy } from '../domain/charity.errors';
import { charityStreamId, type CharityEvent } from '../domain/charity.events';
import type { EventIds } from './charity-event-ids';

export interface CharityDecision {
  /** Events this command appended (none when its effect had already happened). */
  events: CharityEvent[];
  /** The stream's state after them. */
  state: CharityState;
}

const MAX_ATTEMPTS = 10;

/**
 * Loads a charity's stream, decides, appends with the expected revision. A charity's stream sees a
 * handful of events in its life, so nothing is cached: each command reads the stream. Commands on one
 * stream run one at a time in this process (a burst of link calls then costs no conflicts); another
 * process's append makes the expected revision fail, and the command is decided again on the new events.
 */
@Injectable()
export class CharityStreamRepository {
  private readonly lanes = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(ein: string): Promise<CharityState> {
    return (await this.read(charityStreamId(ein))).state;
  }

  execute(command: CharityCommand, eventIds: EventIds): Promise<CharityDecision> {
    const streamId = charityStreamId(command.data.ein);
    const previous = this.lanes.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.decideAndAppend(streamId, command, eventIds),
      () => this.decideAndAppend(streamId, command, eventIds),
    );
    const settled = run.catch(() => undefined);
    this.lanes.set(streamId, settled);
    void settled.then(() => {
      if (this.lanes.get(streamId) === settled) this.lanes.delete(streamId);
    });
    return run;
  }

  private async decideAndAppend(
    streamId: string,
    command: CharityCommand,
    eventIds: EventIds,
  ): Promise<CharityDecision> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { state, revision } = await this.read(streamId);
      const events = decide(command, state);
      if (events.length === 0) return { events, state };
      try {
        const result = await this.store.appendToStream(
          streamId,
          events.map((event, index) => ({ id: eventIds(index), type: event.type, data: event.data })),
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        if (result.nextExpectedRevision !== revision + events.length) {
          // These derived ids were stored already (a replayed cause): nothing was appended now.
          return { events: [], state: (await this.read(streamId)).state };
        }
        return { events, state: events.reduce(evolve, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
    throw streamBusy();
  }

  private async read(streamId: string): Promise<{ state: CharityState; revision: number }> {
    const recorded = await this.store.readStream(streamId);
    return {
      state: recorded.reduce((state, event) => evolve(state, event as unknown as CharityEvent), initialState),
      revision: recorded.length === 0 ? -1 : recorded[recorded.length - 1]!.revision,
    };
  }
}
