import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import { eventRecorder } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { TournamentEvent } from '@arena/tournaments/events';
import { TournamentCatalogProjector } from './tournament-catalog.projection';
import { findTournament, isJoined, listTournaments } from './tournament-catalog.queries';

const names = {
  tournament_catalog: 'tournament_catalog',
  tournament_catalog_participants: 'tournament_catalog_participants',
} as const;

describe('tournament catalog projection', () => {
  let database: TestDatabase;
  const projector = new TournamentCatalogProjector();

  beforeAll(async () => {
    database = await createTestDatabase(2);
    await projector.createTables(database.db, names);
  });
  afterAll(() => database.drop());

  const record = eventRecorder((event: TournamentEvent) => `tournament-${event.data.tournamentId}`);
  const apply = (events: RecordedEvent[]) =>
    database.db.transaction().execute((trx) => projector.apply(trx, events, names));

  const created = (tournamentId: string, mode: 'INSTANT' | 'SCHEDULED'): TournamentEvent => ({
    type: 'TournamentCreated',
    data: {
      tournamentId,
      title: `Cup ${mode}`,
      description: 'A cup',
      thumbnail: null,
      mode,
      format: 'SCORE_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 5000,
      maxParticipants: 10,
      requiredPlan: 'PREMIUM',
      rules: 'One\nTwo',
      game: { slug: 'snake', name: 'Snake', integrationUrl: '/games/snake', maxScore: 100 },
      tournamentStart: mode === 'SCHEDULED' ? '2026-12-01T10:00:00.000Z' : null,
      tournamentEnd: mode === 'SCHEDULED' ? '2026-12-01T12:00:00.000Z' : null,
      tieBreakSeed: 'ab'.repeat(16),
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  });

  it("tells a tournament's room when its own facts change, and leaves scores to the leaderboard's notice", async () => {
    const id = randomUUID();
    const player = randomUUID();
    const creation = record(created(id, 'SCHEDULED'));
    const joined = record({
      type: 'PlayerJoined',
      data: {
        tournamentId: id,
        userId: player,
        username: 'ada',
        charityId: null,
        charityName: null,
        joinedAt: '2026-11-22T10:01:00.000Z',
      },
    });
    expect(await apply([creation, joined])).toEqual([{ topic: 'tournament', tournamentId: id }]);
    const started = record({
      type: 'TournamentStarted',
      data: { tournamentId: id, startedAt: '2026-12-01T10:00:00.000Z' },
    });
    const scored = record({
      type: 'ScoreSubmitted',
      data: {
        tournamentId: id,
        userId: player,
        username: 'ada',
        score: 10,
        attempt: 1,
        bestScore: 10,
        bestScoreAt: '2026-12-01T10:05:00.000Z',
        submittedAt: '2026-12-01T10:05:00.000Z',
      },
    });
    expect(await apply([started])).toEqual([{ topic: 'tournament', tournamentId: id }]);
    expect(await apply([scored])).toEqual([]);
  });

  it('builds a row per tournament, counts players and scores, and records completion', async () => {
    const id = randomUUID();
    const player = randomUUID();
    const events = [
      record(created(id, 'INSTANT')),
      record({
        type: 'TournamentStarted',
        data: { tournamentId: id, startedAt: '2026-11-22T10:00:00.000Z' },
      }),
      record({
        type: 'PlayerJoined',
        data: {
          tournamentId: id,
          userId: player,
          username: 'ada',
          charityId: 'c-1',
          charityName: 'Food Bank',
          joinedAt: '2026-11-22T10:01:00.000Z',
        },
      }),
      record({
        type: 'ScoreSubmitted',
        data: {
          tournamentId: id,
          userId: player,
          username: 'ada',
          score: 40,
          attempt: 1,
          bestScore: 40,
          bestScoreAt: '2026-11-22T10:02:00.000Z',
          submittedAt: '2026-11-22T10:02:00.000Z',
        },
      }),
      record({
        type: 'ScoreSubmitted',
        data: {
          tournamentId: id,
          userId: player,
          username: 'ada',
          score: 20,
          attempt: 2,
          bestScore: 40,
          bestScoreAt: '2026-11-22T10:02:00.000Z',
          submittedAt: '2026-11-22T10:03:00.000Z',
        },
      }),
    ];
    // The tournament's own facts tell its room; its scores are the leaderboard's notice.
    expect(await apply(events)).toEqual([{ topic: 'tournament', tournamentId: id }]);

    const live = await findTournament(database.db, id);
    expect(live).toMatchObject({
      status: 'ACTIVE',
      participant_count: 1,
      player_count: 1,
      score_count: 2,
      prize_pool_cents: 5000,
    });
    expect(await isJoined(database.db, id, player)).toBe(true);
    expect(await isJoined(database.db, id, randomUUID())).toBe(false);

    const standings = [{ rank: 1, userId: player, username: 'ada', score: 40, attempts: 2 }];
    await apply([
      record({
        type: 'TournamentCompleted',
        data: {
          tournamentId: id,
          completedAt: '2026-11-22T11:00:00.000Z',
          reason: 'SCHEDULE_ENDED',
          finalStandings: standings,
        },
      }),
    ]);
    const done = await findTournament(database.db, id);
    expect(done).toMatchObject({ status: 'COMPLETED', final_standings: standings });
    expect(done?.completed_at?.toISOString()).toBe('2026-11-22T11:00:00.000Z');

    // Once the member's personal data is erased, the standings show the erased name.
    await database.db
      .insertInto('erased_members' as never)
      .values({ member_id: player, erased_name: 'deleted-0123456789ab', erased_at: new Date() } as never)
      .execute();
    expect((await findTournament(database.db, id))?.final_standings).toEqual([
      { ...standings[0], username: 'deleted-0123456789ab' },
    ]);
  });

  it('a redelivered batch changes nothing', async () => {
    const id = randomUUID();
    const events = [
      record(created(id, 'SCHEDULED')),
      record({
        type: 'PlayerJoined',
        data: {
          tournamentId: id,
          userId: randomUUID(),
          username: 'bo',
          charityId: null,
          charityName: null,
          joinedAt: '2026-11-22T10:01:00.000Z',
        },
      }),
    ];
    await apply(events);
    await apply(events);
    expect(await findTournament(database.db, id)).toMatchObject({
      status: 'UPCOMING',
      participant_count: 1,
      last_revision: 1,
    });
  });

  it('counts a batch of scores over many tournaments in one statement, a redelivered part adding nothing', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await apply(ids.map((id) => record(created(id, 'INSTANT'))));
    const scored = (id: string, attempt: number): TournamentEvent => ({
      type: 'ScoreSubmitted',
      data: {
        tournamentId: id,
        userId: randomUUID(),
        username: 'cy',
        score: attempt,
        attempt,
        bestScore: attempt,
        bestScoreAt: '2026-11-22T10:02:00.000Z',
        submittedAt: '2026-11-22T10:02:00.000Z',
      },
    });
    const first = [1, 2, 1, 3, 2].flatMap((attempt) => ids.map((id) => record(scored(id, attempt))));
    let statements = 0;
    const counting = database.db.withPlugin({
      transformQuery: ({ node }) => ((statements += 1), node),
      transformResult: async ({ result }) => result,
    });
    await counting.transaction().execute((trx) => projector.apply(trx, first, names));
    expect(statements).toBe(1);
    for (const id of ids) {
      expect(await findTournament(database.db, id)).toMatchObject({ score_count: 5, player_count: 2 });
    }

    // The last three scores of each tournament again, with two new ones: only the new ones count.
    const redelivered = first.slice(-9);
    const fresh = ids.flatMap((id) => [record(scored(id, 1)), record(scored(id, 4))]);
    await apply([...redelivered, ...fresh]);
    for (const id of ids) {
      expect(await findTournament(database.db, id)).toMatchObject({ score_count: 7, player_count: 3 });
    }
    await apply(redelivered);
    for (const id of ids) {
      expect(await findTournament(database.db, id)).toMatchObject({ score_count: 7, player_count: 3 });
    }
  });

  it('lists by status, live tournaments first', async () => {
    const upcoming = randomUUID();
    const live = randomUUID();
    await apply([
      record(created(upcoming, 'SCHEDULED')),
      record(created(live, 'INSTANT')),
      record({
        type: 'TournamentStarted',
        data: { tournamentId: live, startedAt: '2026-11-22T10:00:00.000Z' },
      }),
    ]);
    const all = await listTournaments(database.db);
    const statuses = all.map((row) => row.status);
    expect(statuses.indexOf('ACTIVE')).toBeLessThan(statuses.indexOf('UPCOMING'));
    const onlyUpcoming = await listTournaments(database.db, { status: 'UPCOMING' });
    expect(onlyUpcoming.map((row) => row.id)).toContain(upcoming);
    expect(onlyUpcoming.every((row) => row.status === 'UPCOMING')).toBe(true);
  });
});
