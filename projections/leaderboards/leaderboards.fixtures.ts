import { randomBytes, randomUUID } from 'node:crypto';
import type { EventData, RecordedEvent } from '@arena/event-store';
import type { PlayerJoined, ScoreSubmitted, TournamentCreated } from '@arena/tournaments/events';

type FixtureEvent = TournamentCreated | PlayerJoined | ScoreSubmitted;

interface PlayerState {
  attempts: number;
  bestScore: number;
  bestScoreAt: string;
}

/**
 * Builds tournament streams the way the decider would (attempt numbers, best score and the time it
 * was first reached) for the leaderboard's specs, the runner's specs and the benchmark.
 */
export class TournamentStreamBuilder {
  readonly tournamentId = randomUUID();
  readonly tieBreakSeed = randomBytes(32).toString('hex');
  readonly events: EventData<FixtureEvent['type'], FixtureEvent['data']>[] = [];
  private readonly players = new Map<string, PlayerState>();

  constructor() {
    this.push({
      type: 'TournamentCreated',
      data: {
        tournamentId: this.tournamentId,
        title: 'Fixture cup',
        description: 'A tournament built by a test',
        thumbnail: null,
        mode: 'INSTANT',
        format: 'SCORE_ATTACK',
        prizeModel: 'TOP_3_SPLIT',
        prizePoolCents: 10_000,
        maxParticipants: 1_000_000,
        requiredPlan: 'FREE',
        rules: 'Best score counts',
        game: { slug: 'fixture', name: 'Fixture', integrationUrl: '/games/fixture', maxScore: 1_000_000 },
        tournamentStart: null,
        tournamentEnd: null,
        tieBreakSeed: this.tieBreakSeed,
        createdAt: new Date(0).toISOString(),
      },
    });
  }

  get streamId() {
    return `tournament-${this.tournamentId}`;
  }

  join(
    userId: string = randomUUID(),
    username = `player-${userId.slice(0, 8)}`,
    charityName: string | null = 'Helping Hands',
  ): string {
    this.push({
      type: 'PlayerJoined',
      data: {
        tournamentId: this.tournamentId,
        userId,
        username,
        charityId: null,
        charityName,
        joinedAt: new Date(0).toISOString(),
      },
    });
    return userId;
  }

  score(userId: string, score: number, submittedAt: Date, username = `player-${userId.slice(0, 8)}`): void {
    const previous = this.players.get(userId);
    const improved = !previous || score > previous.bestScore;
    const state: PlayerState = {
      attempts: (previous?.attempts ?? 0) + 1,
      bestScore: improved ? score : previous.bestScore,
      bestScoreAt: improved ? submittedAt.toISOString() : previous.bestScoreAt,
    };
    this.players.set(userId, state);
    this.push({
      type: 'ScoreSubmitted',
      data: {
        tournamentId: this.tournamentId,
        userId,
        username,
        score,
        attempt: state.attempts,
        bestScore: state.bestScore,
        bestScoreAt: state.bestScoreAt,
        submittedAt: submittedAt.toISOString(),
      },
    });
  }

  /** Final state per player, as the decider would hold it. */
  standings(): Map<string, PlayerState> {
    return new Map(this.players);
  }

  private push(event: Omit<EventData<FixtureEvent['type'], FixtureEvent['data']>, 'id'>) {
    this.events.push({ id: randomUUID(), ...event });
  }
}

/** Gives fixture events the positions and revisions a store would, for specs that skip the store. */
export function asRecorded(events: readonly EventData[], streamId = 'fixture'): RecordedEvent[] {
  return events.map((event, index) => ({
    ...event,
    streamId,
    revision: index,
    position: { commit: BigInt(index), prepare: BigInt(index) },
    createdAt: new Date(),
    metadata: event.metadata ?? {},
  }));
}
