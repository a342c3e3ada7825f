import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RecordedEvent } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { PrizeAllocated, TournamentCreated, TournamentEvent } from '@arena/tournaments/events';
import { tournamentPrizesProjector } from './tournament-prizes.projection';
import { chosenCharities, findPrizeConfig, prizeLines } from './tournament-prizes.queries';

const names = {
  tournament_prizes: 'tournament_prizes',
  tournament_prize_lines: 'tournament_prize_lines',
} as const;

describe('tournament prizes projection', () => {
  let database: TestDatabase;
  const projector = tournamentPrizesProjector;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    await projector.createTables(database.db, names);
    // The catalog's participants, which the preview reads for each leader's charity.
    await sql`
      CREATE TABLE tournament_catalog_participants (
        tournament_id uuid NOT NULL, user_id uuid NOT NULL, charity_id text, charity_name text,
        PRIMARY KEY (tournament_id, user_id)
      )`.execute(database.db);
  });
  afterAll(() => database.drop());

  let revision = 0;
  const record = (event: TournamentEvent): RecordedEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: `tournament-${event.data.tournamentId}`,
    revision: revision++,
    position: { commit: 1n, prepare: BigInt(revision) },
    createdAt: new Date(),
  });
  const apply = (events: RecordedEvent[]) =>
    database.db.transaction().execute((trx) => projector.apply(trx, events, names));

  const created = (
    tournamentId: string,
    prizeConfig?: TournamentCreated['data']['prizeConfig'],
  ): TournamentCreated => ({
    type: 'TournamentCreated',
    data: {
      tournamentId,
      title: 'Cup',
      description: '',
      thumbnail: null,
      mode: 'INSTANT',
      format: 'SCORE_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 5000,
      maxParticipants: 10,
      requiredPlan: 'FREE',
      rules: '',
      game: { slug: 'snake', name: 'Snake', integrationUrl: '/games/snake', maxScore: 100 },
      tournamentStart: null,
      tournamentEnd: null,
      tieBreakSeed: 'ab'.repeat(16),
      ...(prizeConfig ? { prizeConfig } : {}),
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  });
  const allocated = (tournamentId: string, rank: number, amountCents: number): PrizeAllocated => ({
    type: 'PrizeAllocated',
    data: {
      tournamentId,
      rank,
      userId: `00000000-0000-4000-8000-00000000000${rank}`,
      username: `player${rank}`,
      score: 100 - rank,
      amountCents,
      charityId: rank === 1 ? '530196605' : null,
      charityName: rank === 1 ? 'American Red Cross' : null,
      allocatedAt: '2026-11-22T11:00:00.000Z',
    },
  });

  it('keeps the recorded configuration', async () => {
    const id = randomUUID();
    await apply([record(created(id, { model: 'TOP_3_SPLIT', sharesBasisPoints: [6000, 3000, 1000] }))]);
    expect(await findPrizeConfig(database.db, id)).toEqual({
      model: 'TOP_3_SPLIT',
      sharesBasisPoints: [6000, 3000, 1000],
    });
  });

  it('keeps no configuration for a tournament created without one (its model defaults)', async () => {
    const id = randomUUID();
    await apply([record(created(id))]);
    expect(await findPrizeConfig(database.db, id)).toBeNull();
  });

  it('has no configuration for an unknown tournament', async () => {
    expect(await findPrizeConfig(database.db, randomUUID())).toBeNull();
  });

  it("follows an operator's edit of the configuration, and back to the defaults; a redelivered edit changes nothing", async () => {
    const id = randomUUID();
    const edited = (prizeConfig: unknown) =>
      record({ type: 'TournamentEdited', data: { tournamentId: id, changes: { prizeConfig } } } as never);
    const creation = record(created(id, { model: 'TOP_3_SPLIT', sharesBasisPoints: [6000, 3000, 1000] }));
    const toFlexible = edited({ model: 'FLEXIBLE_TOP_N', places: 3 });
    const toDefaults = edited(null);
    await apply([creation, toFlexible]);
    expect(await findPrizeConfig(database.db, id)).toEqual({ model: 'FLEXIBLE_TOP_N', places: 3 });
    await apply([toDefaults]);
    expect(await findPrizeConfig(database.db, id)).toBeNull();
    await apply([toFlexible]);
    expect(await findPrizeConfig(database.db, id)).toBeNull();
    // An edit of other settings leaves the configuration alone.
    await apply([
      record({ type: 'TournamentEdited', data: { tournamentId: id, changes: { title: 'New' } } } as never),
    ]);
    expect(await findPrizeConfig(database.db, id)).toBeNull();
  });

  it('keeps the allocation lines best rank first, in whole cents, with the charity at completion', async () => {
    const id = randomUUID();
    await apply([record(created(id)), record(allocated(id, 2, 2000)), record(allocated(id, 1, 3000))]);
    const lines = await prizeLines(database.db, id);
    expect(
      lines.map((line) => [line.rank, line.username, line.score, line.amount_cents, line.charity_id]),
    ).toEqual([
      [1, 'player1', 99, 3000, '530196605'],
      [2, 'player2', 98, 2000, null],
    ]);
    expect(lines[0]!.allocated_at).toEqual(new Date('2026-11-22T11:00:00.000Z'));
  });

  it('changes nothing when events are delivered again', async () => {
    const id = randomUUID();
    const events = [record(created(id, { model: 'WINNER_TAKES_ALL' })), record(allocated(id, 1, 5000))];
    await apply(events);
    await apply(events);
    expect(await prizeLines(database.db, id)).toHaveLength(1);
    expect(await findPrizeConfig(database.db, id)).toEqual({ model: 'WINNER_TAKES_ALL' });
  });

  it('finds the charity each leader chose, leaving out those who chose none', async () => {
    const id = randomUUID();
    const [ada, ben] = [randomUUID(), randomUUID()];
    await sql`INSERT INTO tournament_catalog_participants VALUES
      (${id}, ${ada}, '530196605', 'American Red Cross'), (${id}, ${ben}, NULL, NULL)`.execute(database.db);
    const charities = await chosenCharities(database.db, id, [ada, ben]);
    expect([...charities]).toEqual([[ada, { charityId: '530196605', charityName: 'American Red Cross' }]]);
    expect(await chosenCharities(database.db, id, [])).toEqual(new Map());
  });
});
