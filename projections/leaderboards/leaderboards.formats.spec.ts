import { randomBytes, randomUUID } from 'node:crypto';
import type { EventData } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { TournamentEvent, TournamentFormat } from '@arena/tournaments/events';
import { asRecorded } from './leaderboards.fixtures';
import { charitiesProjector } from '../charities/charities.projection';
import { leaderboardsProjector } from './leaderboards.projection';
import { entriesOfPlayers, rankOf, topEntries, topEntriesOf } from './leaderboards.queries';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds)).toISOString();

/** A tournament's events written by hand: each run says its player's best after it, as the decider would. */
function tournamentOf(format: TournamentFormat) {
  const tournamentId = randomUUID();
  const events: TournamentEvent[] = [
    {
      type: 'TournamentCreated',
      data: {
        tournamentId,
        title: 'Formats cup',
        description: '',
        thumbnail: null,
        mode: 'INSTANT',
        format,
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 1000,
        maxParticipants: 100,
        requiredPlan: 'FREE',
        rules: '',
        game: { slug: 'g', name: 'G', integrationUrl: '/g', maxScore: 1_000_000 },
        tournamentStart: null,
        tournamentEnd: null,
        tieBreakSeed: randomBytes(16).toString('hex'),
        createdAt: at(0),
      },
    },
  ];
  const join = (username: string, charity: { id: string; name: string } | null = null) => {
    const userId = randomUUID();
    events.push({
      type: 'PlayerJoined',
      data: {
        tournamentId,
        userId,
        username,
        charityId: charity?.id ?? null,
        charityName: charity?.name ?? null,
        joinedAt: at(0),
      },
    });
    return userId;
  };
  const run = (
    userId: string,
    score: number,
    attempt: number,
    second: number,
    best: { score: number; second: number } | null,
    completed = true,
  ) =>
    events.push({
      type: 'ScoreSubmitted',
      data: {
        tournamentId,
        userId,
        username: events.flatMap((e) =>
          e.type === 'PlayerJoined' && e.data.userId === userId ? [e.data.username] : [],
        )[0]!,
        score,
        completed,
        attempt,
        bestScore: best?.score ?? null,
        bestScoreAt: best ? at(best.second) : null,
        submittedAt: at(second),
      },
    });
  const choose = (userId: string, charity: { id: string; name: string } | null, second: number) =>
    events.push({
      type: 'PlayerCharitySelected',
      data: {
        tournamentId,
        userId,
        charityId: charity?.id ?? null,
        charityName: charity?.name ?? null,
        selectedAt: at(second),
      },
    });
  const recorded = () =>
    asRecorded(
      events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data })) as EventData[],
    );
  return { tournamentId, join, run, choose, recorded };
}

describe('leaderboards projection: formats and charities', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('TIME_ATTACK ranks the lowest time first, and a player with no completed run is not ranked', async () => {
    const t = tournamentOf('TIME_ATTACK');
    const slow = t.join('slow');
    const fast = t.join('fast');
    const unfinished = t.join('unfinished');
    t.run(slow, 80_000, 1, 1, { score: 80_000, second: 1 });
    t.run(fast, 90_000, 1, 2, { score: 90_000, second: 2 });
    t.run(fast, 61_000, 2, 3, { score: 61_000, second: 3 });
    t.run(unfinished, 5_000, 1, 4, null, false);
    await projectEvents(database.db, leaderboardsProjector, t.recorded());

    const top = await topEntries(database.db, t.tournamentId, 10);
    expect(top.map(({ rank, username, score, attempts }) => ({ rank, username, score, attempts }))).toEqual([
      { rank: 1, username: 'fast', score: 61_000, attempts: 2 },
      { rank: 2, username: 'slow', score: 80_000, attempts: 1 },
    ]);
    expect((await rankOf(database.db, t.tournamentId, slow))?.rank).toBe(2);
    expect(await rankOf(database.db, t.tournamentId, unfinished)).toBeNull();
  });

  it('an unfinished run after a completed one keeps the rank the completed one earned', async () => {
    const t = tournamentOf('TIME_ATTACK');
    const a = t.join('a');
    const b = t.join('b');
    t.run(a, 70_000, 1, 1, { score: 70_000, second: 1 });
    t.run(b, 65_000, 1, 2, { score: 65_000, second: 2 });
    t.run(a, 1_000, 2, 3, { score: 70_000, second: 1 }, false);
    await projectEvents(database.db, leaderboardsProjector, t.recorded());
    expect(await rankOf(database.db, t.tournamentId, a)).toMatchObject({
      rank: 2,
      score: 70_000,
      attempts: 2,
    });
  });

  it('SCORE_ATTACK still ranks the highest score first', async () => {
    const t = tournamentOf('SCORE_ATTACK');
    const low = t.join('low');
    const high = t.join('high');
    t.run(low, 10, 1, 1, { score: 10, second: 1 });
    t.run(high, 20, 1, 2, { score: 20, second: 2 });
    await projectEvents(database.db, leaderboardsProjector, t.recorded());
    expect((await topEntries(database.db, t.tournamentId, 10)).map((e) => e.username)).toEqual([
      'high',
      'low',
    ]);
    expect((await rankOf(database.db, t.tournamentId, low))?.rank).toBe(2);
  });

  it("shows each player's charity with its link, and follows a change of charity", async () => {
    const t = tournamentOf('SCORE_ATTACK');
    const ada = t.join('ada', { id: '530196605', name: 'American National Red Cross' });
    const bo = t.join('bo');
    t.run(ada, 30, 1, 1, { score: 30, second: 1 });
    t.run(bo, 20, 1, 2, { score: 20, second: 2 });
    t.choose(bo, { id: '920041488', name: 'Norton Sound Health Corporation' }, 3);
    t.choose(ada, { id: '131624100', name: 'Other' }, 4);
    t.choose(ada, null, 5);
    const notices = await projectEvents(database.db, leaderboardsProjector, t.recorded());

    const top = await topEntries(database.db, t.tournamentId, 10);
    expect(
      top.map(({ username, charityName, charityUrl }) => ({ username, charityName, charityUrl })),
    ).toEqual([
      { username: 'ada', charityName: null, charityUrl: null },
      {
        username: 'bo',
        charityName: 'Norton Sound Health Corporation',
        charityUrl: '/charity-profile/920041488',
      },
    ]);
    expect(notices).toEqual([{ topic: 'leaderboard', tournamentId: t.tournamentId }]);
  });

  it("shows the chosen charity's logo only while it is published on Charity Arena and keeps one (issue 23)", async () => {
    const onboarded = (ein: string, published: boolean, logoId: string | null) =>
      database.db
        .insertInto('charities' as never)
        .values({
          charity_id: randomUUID(),
          ein,
          name: `Charity ${ein}`,
          description: '',
          category: 'Health',
          manager_id: randomUUID(),
          published,
          logo_id: logoId,
          created_at: new Date(),
          updated_at: new Date(),
          last_revision: 3,
        } as never)
        .execute();
    const logoId = 'c'.repeat(32);
    const t = tournamentOf('SCORE_ATTACK');
    const ada = t.join('ada', { id: '940000001', name: 'Published with a logo' });
    const bo = t.join('bo', { id: '940000002', name: 'Held for review' });
    const cy = t.join('cy', { id: '940000003', name: 'Published, no logo' });
    const di = t.join('di');
    t.run(ada, 40, 1, 1, { score: 40, second: 1 });
    t.run(bo, 30, 1, 2, { score: 30, second: 2 });
    t.run(cy, 20, 1, 3, { score: 20, second: 3 });
    t.run(di, 10, 1, 4, { score: 10, second: 4 });
    await projectEvents(database.db, leaderboardsProjector, t.recorded());
    const logos = (entries: { charityLogoUrl: string | null }[]) => entries.map((e) => e.charityLogoUrl);

    // No charities read model yet (a new database): the leaderboard answers, without logos.
    expect(logos(await topEntries(database.db, t.tournamentId, 10))).toEqual([null, null, null, null]);
    expect((await rankOf(database.db, t.tournamentId, ada))?.rank).toBe(1);

    await projectEvents(database.db, charitiesProjector, []);
    await onboarded('940000001', true, logoId);
    await onboarded('940000002', false, logoId);
    await onboarded('940000003', true, null);

    const logo = '/api/charities/ein/940000001/logo?v=' + logoId;
    const expected = [logo, null, null, null];
    // The detail's read, the live message's read (several rooms at once), one player's rank, final rows.
    expect(logos(await topEntries(database.db, t.tournamentId, 10))).toEqual(expected);
    expect(logos((await topEntriesOf(database.db, [t.tournamentId], 10)).get(t.tournamentId)!)).toEqual(
      expected,
    );
    expect((await rankOf(database.db, t.tournamentId, ada))?.charityLogoUrl).toBe(logo);
    expect((await rankOf(database.db, t.tournamentId, bo))?.charityLogoUrl).toBeNull();
    const finals = await entriesOfPlayers(database.db, t.tournamentId, [ada, bo, cy, di]);
    expect([ada, bo, cy, di].map((id) => finals.get(id)?.charityLogoUrl)).toEqual(expected);

    // The logo removed (the read model's logo_id back to null): the row falls back at once.
    await database.db
      .updateTable('charities' as never)
      .set({ logo_id: null } as never)
      .where('ein' as never, '=', '940000001' as never)
      .execute();
    expect(logos(await topEntries(database.db, t.tournamentId, 10))).toEqual([null, null, null, null]);
  });

  it('a charity chosen in a later batch reaches the row, and the change is announced', async () => {
    const t = tournamentOf('SCORE_ATTACK');
    const ada = t.join('ada');
    t.run(ada, 30, 1, 1, { score: 30, second: 1 });
    const first = t.recorded();
    await projectEvents(database.db, leaderboardsProjector, first);
    t.choose(ada, { id: '920041488', name: 'Norton Sound Health Corporation' }, 2);
    const later = t.recorded().slice(first.length);
    const notices = await projectEvents(database.db, leaderboardsProjector, later);
    expect((await rankOf(database.db, t.tournamentId, ada))?.charityUrl).toBe('/charity-profile/920041488');
    expect(notices).toEqual([{ topic: 'leaderboard', tournamentId: t.tournamentId }]);
  });
});
