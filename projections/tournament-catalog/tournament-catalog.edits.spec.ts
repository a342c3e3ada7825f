import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import { eventRecorder } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { TournamentEvent } from '@arena/tournaments/events';
import { TournamentCatalogProjector } from './tournament-catalog.projection';
import { charityOf, findTournament } from './tournament-catalog.queries';

const names = {
  tournament_catalog: 'tournament_catalog',
  tournament_catalog_participants: 'tournament_catalog_participants',
} as const;

describe('tournament catalog projection: edits, cancel reasons and charity choices', () => {
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

  const created = (tournamentId: string): TournamentEvent => ({
    type: 'TournamentCreated',
    data: {
      tournamentId,
      title: 'Spring Cup',
      description: 'A cup',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'TIME_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 5000,
      maxParticipants: 10,
      requiredPlan: 'FREE',
      rules: 'One',
      game: { slug: 'snake', name: 'Snake', integrationUrl: '/games/snake', maxScore: 100 },
      tournamentStart: '2026-12-01T10:00:00.000Z',
      tournamentEnd: '2026-12-01T12:00:00.000Z',
      tieBreakSeed: 'ab'.repeat(16),
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  });

  it('applies an edit to the settings it changed, once', async () => {
    const id = randomUUID();
    const creation = record(created(id));
    const edit = record({
      type: 'TournamentEdited',
      data: {
        tournamentId: id,
        changes: {
          title: 'Spring Cup II',
          prizePoolCents: 7500,
          requiredPlan: 'PREMIUM',
          tournamentStart: '2026-12-02T10:00:00.000Z',
          tournamentEnd: '2026-12-02T12:00:00.000Z',
        },
        editedAt: '2026-11-23T09:00:00.000Z',
      },
    });
    await apply([creation, edit]);
    await apply([edit]);

    expect(await findTournament(database.db, id)).toMatchObject({
      title: 'Spring Cup II',
      description: 'A cup',
      prize_pool_cents: 7500,
      required_plan: 'PREMIUM',
      tournament_start: new Date('2026-12-02T10:00:00.000Z'),
      tournament_end: new Date('2026-12-02T12:00:00.000Z'),
      edited_at: new Date('2026-11-23T09:00:00.000Z'),
      status: 'UPCOMING',
    });
  });

  it('keeps the reason of a cancellation', async () => {
    const id = randomUUID();
    await apply([
      record(created(id)),
      record({
        type: 'TournamentCancelled',
        data: {
          tournamentId: id,
          reason: 'The game server is down',
          cancelledAt: '2026-11-23T09:00:00.000Z',
        },
      }),
    ]);
    expect(await findTournament(database.db, id)).toMatchObject({
      status: 'CANCELLED',
      cancel_reason: 'The game server is down',
    });
  });

  it("follows a player's charity from their join through each change", async () => {
    const id = randomUUID();
    const player = randomUUID();
    await apply([
      record(created(id)),
      record({
        type: 'PlayerJoined',
        data: {
          tournamentId: id,
          userId: player,
          username: 'ada',
          charityId: '530196605',
          charityName: 'American National Red Cross',
          joinedAt: '2026-11-23T08:00:00.000Z',
        },
      }),
    ]);
    expect(await charityOf(database.db, id, player)).toEqual({
      charityId: '530196605',
      charityName: 'American National Red Cross',
    });
    await apply([
      record({
        type: 'PlayerCharitySelected',
        data: {
          tournamentId: id,
          userId: player,
          charityId: '920041488',
          charityName: 'Norton Sound Health Corporation',
          selectedAt: '2026-11-23T08:30:00.000Z',
        },
      }),
    ]);
    expect(await charityOf(database.db, id, player)).toEqual({
      charityId: '920041488',
      charityName: 'Norton Sound Health Corporation',
    });
    expect(await charityOf(database.db, id, randomUUID())).toBeUndefined();
  });
});
