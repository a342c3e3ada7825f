import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { projectEvents } from '@arena/projection-runner/testing';
import { createMember } from '@arena/identity/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { compareStandings, tieBreakKey } from '@arena/tournaments/events';
import { TournamentStreamBuilder, asRecorded } from './leaderboards.fixtures';
import { leaderboardsProjector } from './leaderboards.projection';
import { rankOf, topEntries, topEntriesOf } from './leaderboards.queries';

describe('leaderboards projection', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));

  it('shows an erased member under their erased name, whatever name the events carried', async () => {
    const tournament = new TournamentStreamBuilder();
    const erased = tournament.join(randomUUID(), 'realname', null);
    const kept = tournament.join(randomUUID(), 'keeper', null);
    tournament.score(erased, 50, at(1), 'realname');
    tournament.score(kept, 40, at(2), 'keeper');
    await projectEvents(database.db, leaderboardsProjector, asRecorded(tournament.events));
    await database.db
      .insertInto('erased_members' as never)
      .values({ member_id: erased, erased_name: 'deleted-0123456789ab', erased_at: new Date() } as never)
      .execute();
    const names = (await topEntries(database.db, tournament.tournamentId, 10)).map((entry) => entry.username);
    expect(names).toEqual(['deleted-0123456789ab', 'keeper']);
    expect((await rankOf(database.db, tournament.tournamentId, erased))?.username).toBe(
      'deleted-0123456789ab',
    );
  });

  it("ranks a head-to-head tournament by matches won: each decided match is its winner's score", async () => {
    const tournament = new TournamentStreamBuilder();
    const ada = tournament.join(randomUUID(), 'ada', null);
    const ben = tournament.join(randomUUID(), 'ben', null);
    const decided = (
      matchId: string,
      winnerId: string | null,
      winnerWins: number | null,
      seconds: number,
    ) => ({
      id: randomUUID(),
      type: 'MatchDecided',
      data: {
        tournamentId: tournament.tournamentId,
        matchId,
        winnerId,
        loserId: null,
        reason: 'PLAYED',
        decidedAt: at(seconds).toISOString(),
        winnerWins,
      },
    });
    const events = asRecorded([
      ...tournament.events,
      decided('s1-g1-r1-m1', ben, 1, 1),
      decided('s1-g1-r2-m1', ada, 1, 2),
      decided('s1-g1-r3-m1', ben, 2, 3),
      decided('s1-g1-r4-m1', null, null, 4),
    ]);
    const notices = await projectEvents(database.db, leaderboardsProjector, events);
    expect(notices).toEqual([{ topic: 'leaderboard', tournamentId: tournament.tournamentId }]);
    const top = async () =>
      (await topEntries(database.db, tournament.tournamentId, 10)).map((entry) => [
        entry.username,
        entry.score,
      ]);
    expect(await top()).toEqual([
      ['ben', 2],
      ['ada', 1],
    ]);
    // Redelivered, nothing moves.
    await projectEvents(database.db, leaderboardsProjector, events);
    expect(await top()).toEqual([
      ['ben', 2],
      ['ada', 1],
    ]);
  });

  it('keeps each player best score, the time it was reached, attempts and charity', async () => {
    const tournament = new TournamentStreamBuilder();
    const ada = tournament.join(randomUUID(), 'ada', 'Ocean Trust');
    tournament.score(ada, 120, at(1), 'ada');
    tournament.score(ada, 300, at(2), 'ada');
    tournament.score(ada, 250, at(3), 'ada');

    const notices = await projectEvents(database.db, leaderboardsProjector, asRecorded(tournament.events));

    expect(await topEntries(database.db, tournament.tournamentId, 10)).toEqual([
      {
        rank: 1,
        userId: ada,
        username: 'ada',
        avatarUrl: null,
        score: 300,
        attempts: 3,
        charityName: 'Ocean Trust',
        charityUrl: null,
        charityLogoUrl: null,
      },
    ]);
    const { rows } = await sql<{ best_score_at: Date; tie_break_key: string }>`
      SELECT best_score_at, tie_break_key FROM leaderboard_entries WHERE user_id = ${ada}`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { best_score_at: at(2), tie_break_key: tieBreakKey(tournament.tieBreakSeed, ada) },
    ]);
    expect(notices).toEqual([{ topic: 'leaderboard', tournamentId: tournament.tournamentId }]);
  });

  it('carries the avatar URL of a member who has one, versioned by its upload time, and null otherwise', async () => {
    const tournament = new TournamentStreamBuilder();
    const withAvatar = (await createMember(database.db, 'x'.repeat(32))).id;
    const without = tournament.join(randomUUID(), 'bo');
    tournament.join(withAvatar, 'ada');
    tournament.score(withAvatar, 20, at(1), 'ada');
    tournament.score(without, 10, at(2), 'bo');
    await projectEvents(database.db, leaderboardsProjector, asRecorded(tournament.events));
    const uploadedAt = new Date('2026-11-22T12:00:00.000Z');
    await sql`INSERT INTO account_avatars (account_id, content_type, image, updated_at)
      VALUES (${withAvatar}, 'image/png', ${Buffer.from([1])}, ${uploadedAt})`.execute(database.db);

    const expected = `/api/auth/avatars/${withAvatar}?v=${uploadedAt.getTime()}`;
    const top = await topEntries(database.db, tournament.tournamentId, 10);
    expect(top.map(({ username, avatarUrl }) => ({ username, avatarUrl }))).toEqual([
      { username: 'ada', avatarUrl: expected },
      { username: 'bo', avatarUrl: null },
    ]);
    expect((await rankOf(database.db, tournament.tournamentId, withAvatar))?.avatarUrl).toBe(expected);
  });

  it('lists only players with a score, and has no rank for the others', async () => {
    const tournament = new TournamentStreamBuilder();
    const scored = tournament.join();
    const idle = tournament.join();
    tournament.score(scored, 10, at(1));

    await projectEvents(database.db, leaderboardsProjector, asRecorded(tournament.events));

    expect((await topEntries(database.db, tournament.tournamentId, 10)).map((e) => e.userId)).toEqual([
      scored,
    ]);
    expect(await rankOf(database.db, tournament.tournamentId, idle)).toBeNull();
    expect(await topEntries(database.db, 'not-a-uuid', 10)).toEqual([]);
  });

  it('reads the top entries of several tournaments at once, each as its own read gives it', async () => {
    const busy = new TournamentStreamBuilder();
    const busyPlayers = Array.from({ length: 12 }, () => busy.join());
    busyPlayers.forEach((player, index) => busy.score(player, (index * 5) % 7, at(index % 4)));
    const small = new TournamentStreamBuilder();
    small.score(small.join(), 3, at(1));
    const empty = new TournamentStreamBuilder();
    empty.join();
    await projectEvents(
      database.db,
      leaderboardsProjector,
      asRecorded([...busy.events, ...small.events, ...empty.events]),
    );

    const asked = [busy.tournamentId, small.tournamentId.toUpperCase(), empty.tournamentId, 'not-a-uuid'];
    const together = await topEntriesOf(database.db, asked, 10);

    expect([...together.keys()]).toEqual(asked);
    expect(together.get(busy.tournamentId)).toEqual(await topEntries(database.db, busy.tournamentId, 10));
    expect(together.get(busy.tournamentId)).toHaveLength(10);
    expect(together.get(asked[1]!)).toEqual(await topEntries(database.db, small.tournamentId, 10));
    expect(together.get(asked[1]!)).toHaveLength(1);
    expect(together.get(empty.tournamentId)).toEqual([]);
    expect(together.get('not-a-uuid')).toEqual([]);
  });

  it('changes nothing when the same events are applied again', async () => {
    const tournament = new TournamentStreamBuilder();
    const player = tournament.join();
    tournament.score(player, 50, at(1));
    tournament.score(player, 70, at(2));
    const events = asRecorded(tournament.events);

    await projectEvents(database.db, leaderboardsProjector, events);
    const once = await topEntries(database.db, tournament.tournamentId, 10);
    await projectEvents(database.db, leaderboardsProjector, events);
    await projectEvents(database.db, leaderboardsProjector, events.slice(1, 3));

    expect(await topEntries(database.db, tournament.tournamentId, 10)).toEqual(once);
    expect(once[0]).toMatchObject({ score: 70, attempts: 2 });
  });

  it('gives the same rows whether events come in one batch or one by one', async () => {
    const batched = new TournamentStreamBuilder();
    const players = Array.from({ length: 20 }, () => batched.join());
    players.forEach((player, index) => batched.score(player, (index * 7) % 5, at(index % 3)));
    players.forEach((player, index) => batched.score(player, (index * 3) % 6, at(3 + (index % 2))));
    const single = new TournamentStreamBuilder();
    const retargeted = batched.events.map((event) => ({
      ...event,
      id: randomUUID(),
      data: {
        ...event.data,
        tournamentId: single.tournamentId,
        ...('tieBreakSeed' in event.data ? { tieBreakSeed: batched.tieBreakSeed } : {}),
      },
    }));

    await projectEvents(database.db, leaderboardsProjector, asRecorded(batched.events));
    for (const event of asRecorded(retargeted))
      await projectEvents(database.db, leaderboardsProjector, [event]);

    for (const player of players) {
      expect((await rankOf(database.db, single.tournamentId, player))?.rank).toBe(
        (await rankOf(database.db, batched.tournamentId, player))?.rank,
      );
    }
    const strip = (entries: Awaited<ReturnType<typeof topEntries>>) =>
      entries.map(({ rank, userId, score, attempts }) => ({ rank, userId, score, attempts }));
    expect(strip(await topEntries(database.db, single.tournamentId, 50))).toEqual(
      strip(await topEntries(database.db, batched.tournamentId, 50)),
    );
  });

  it('ranks exactly like the decider: best score, earliest best, fewest attempts, then the seeded key', async () => {
    const tournament = new TournamentStreamBuilder();
    const players = Array.from({ length: 300 }, () => tournament.join());
    // Few distinct scores, times and attempt counts, so every tie-breaker is exercised.
    let clock = 0;
    for (const [index, player] of players.entries()) {
      const attempts = 1 + (index % 3);
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        tournament.score(player, ((index * 31 + attempt * 17) % 4) * 100, at(clock % 5));
        clock += index % 2;
      }
    }
    await projectEvents(database.db, leaderboardsProjector, asRecorded(tournament.events));

    const expected = [...tournament.standings()]
      .map(([userId, state]) => ({
        userId,
        ...state,
        tieBreakKey: tieBreakKey(tournament.tieBreakSeed, userId),
      }))
      .sort(compareStandings)
      .map((entry) => entry.userId);
    const top = await topEntries(database.db, tournament.tournamentId, 1000);
    expect(top.map((entry) => entry.userId)).toEqual(expected);
    expect(top.map((entry) => entry.rank)).toEqual(expected.map((_, index) => index + 1));
    for (const [index, userId] of expected.entries()) {
      expect((await rankOf(database.db, tournament.tournamentId, userId))?.rank).toBe(index + 1);
    }
  });

  it('fails loudly on a player of a tournament it never saw created', async () => {
    const tournament = new TournamentStreamBuilder();
    tournament.join();

    await expect(
      projectEvents(database.db, leaderboardsProjector, asRecorded(tournament.events.slice(1))),
    ).rejects.toThrow(/no TournamentCreated/);
  });

  it('fails loudly on a score from a player who never joined', async () => {
    const tournament = new TournamentStreamBuilder();
    const player = tournament.join();
    tournament.score(player, 5, at(1));

    await expect(
      projectEvents(
        database.db,
        leaderboardsProjector,
        asRecorded([tournament.events[0]!, tournament.events[2]!]),
      ),
    ).rejects.toThrow(/scored in .* without joining it/);
  });
});
