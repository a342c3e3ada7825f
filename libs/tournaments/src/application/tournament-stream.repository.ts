import { Inject, Injectable } from '@nestjs/common';
import { DeciderStreams, EVENT_STORE, type EventIds, type EventStore } from '@arena/event-store';
import type { TournamentCommand } from '../domain/tournament.commands';
import {
  tournamentDecider,
  type ExistingTournament,
  type TournamentState,
} from '../domain/tournament.decider';
import { TournamentError, tournamentNotFound } from '../domain/tournament.errors';
import { tournamentStreamId, type TournamentEvent } from '../domain/tournament.events';
import { getPlay } from '../domain/tournament.plays';

export interface Decision {
  /** Events this command appended (empty when its effect had already happened). */
  events: TournamentEvent[];
  /** The stream's state after them. */
  state: ExistingTournament;
}

/**
 * A `tournament-{id}` stream. A live tournament takes thousands of scores, so each process keeps the
 * folded state of recent streams: a command decides on it and appends in one round trip, and only
 * when that append conflicts (another process wrote) does it read the events appended since. While an
 * append is in flight, the members' commands that arrive queue up and are then decided one after
 * another and appended together, so a hot tournament costs one round trip per group rather than per
 * score. Conflicts with other processes are retried a few times, then refused.
 */
@Injectable()
export class TournamentStreamRepository {
  private readonly streams;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.streams = new DeciderStreams({
      store,
      decider: tournamentDecider,
      streamId: tournamentStreamId,
      keyOf: (command: TournamentCommand) => command.data.tournamentId,
      busy: () => new TournamentError('conflict', 'This tournament is busy right now: please try again'),
      maxAttempts: 20,
      retryJitterMs: 2,
      cacheSize: 2000,
      maxGroup: 100,
    });
  }

  load(tournamentId: string): Promise<TournamentState> {
    return this.streams.load(tournamentId);
  }

  /**
   * The cached state when it already holds what `enough` asks for (no read), else the newest. For what
   * never changes once there (a play's seed and its tournament's game), read ahead of a command.
   */
  loadCached(tournamentId: string, enough: (state: TournamentState) => boolean): Promise<TournamentState> {
    return this.streams.loadCached(tournamentId, enough);
  }

  /** `loadCached` for what a play's own calls need: the cached state once it holds the play. */
  loadHoldingPlay(tournamentId: string, playId: string): Promise<TournamentState> {
    return this.loadCached(
      tournamentId,
      (state) => state.status !== 'NONE' && !!getPlay(state.plays, playId),
    );
  }

  async execute(command: TournamentCommand, eventIds: EventIds): Promise<Decision> {
    const { events, state } = await this.streams.execute(command, eventIds);
    return { events, state: existing(state) };
  }
}

/** Only a create decides on a missing stream, and it always leaves one behind. */
function existing(state: TournamentState): ExistingTournament {
  if (state.status === 'NONE') throw tournamentNotFound();
  return state;
}
