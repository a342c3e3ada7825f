import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RecordedEvent } from '@arena/event-store';
import { eventRecorder } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { TournamentEvent, TournamentFormat } from '@arena/tournaments/events';
import { PlayerStatsProjector } from './player-stats.projection';
import { findPlayerStats, memberGameStats, SCORE_HISTORY_LIMIT } from './player-stats.queries';

const names = {
  player_stats_tournaments: 'player_stats_tournaments',
  player_stats_participants: 'player_stats_participants',
  player_stats_plays: 'player_stats_plays',
} as const;

/** A tournament event, or another helper's event (match, edit) that the projector reads defensively. */
type AnyEvent = TournamentEvent | { type: string; data: { tournamentId: string; [field: string]: unknown } };

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();

describe('player stats projection', () => {
  let database: TestDatabase;
  const projector = new PlayerStatsProjector();

  beforeAll(async () => {
    database = await createTestDatabase(2);
    await projector.createTables(database.db, names);
    await projector.createIndexes(database.db, names);
  });
  afterAll(() => database.drop());

  /** `type` may be another context's event the projector reads defensively. */
  const record = eventRecorder(
    (event: AnyEvent) => `tournament-${event.data.tournamentId}`,
    () => new Date(T0),
  );
  const apply = (events: readonly RecordedEvent[]) =>
    database.db.transaction().execute((trx) => projector.apply(trx, events, names));

  /** A tournament's stream as the decider writes it, built one step at a time. */
  class Stream {
    readonly id = randomUUID();
    readonly events: RecordedEvent[] = [];
    private readonly attempts = new Map<string, number>();

    constructor(format: TournamentFormat = 'SCORE_ATTACK', title = `Cup ${format}`) {
      this.push({
        type: 'TournamentCreated',
        data: {
          tournamentId: this.id,
          title,
          description: '',
          thumbnail: null,
          mode: 'SCHEDULED',
          format,
          prizeModel: 'WINNER_TAKES_ALL',
          prizePoolCents: 12_500,
          maxParticipants: 10,
          requiredPlan: 'FREE',
          rules: '',
          game: { slug: 'snake', name: 'Snake', integrationUrl: '/games/snake', maxScore: 10_000_000 },
          tournamentStart: at(0),
          tournamentEnd: at(600),
          tieBreakSeed: 'ab'.repeat(16),
          createdAt: at(-60),
        },
      });
    }

    push(event: AnyEvent): RecordedEvent {
      const recorded = record(event);
      this.events.push(recorded);
      return recorded;
    }

    join(userId: string, minute: number, username = `p${userId.slice(0, 6)}`) {
      this.push({
        type: 'PlayerJoined',
        data: {
          tournamentId: this.id,
          userId,
          username,
          charityId: null,
          charityName: null,
          joinedAt: at(minute),
        },
      });
      return this;
    }

    start() {
      this.push({ type: 'TournamentStarted', data: { tournamentId: this.id, startedAt: at(0) } });
      return this;
    }

    /** `completed` is left out when undefined, as in events stored before TIME_ATTACK had it. */
    score(
      userId: string,
      score: number,
      minute: number,
      completed?: boolean,
      durationMs?: number,
    ): RecordedEvent {
      const attempt = (this.attempts.get(userId) ?? 0) + 1;
      this.attempts.set(userId, attempt);
      return this.push({
        type: 'ScoreSubmitted',
        data: {
          tournamentId: this.id,
          userId,
          username: `p${userId.slice(0, 6)}`,
          score,
          attempt,
          bestScore: score,
          bestScoreAt: at(minute),
          submittedAt: at(minute),
          ...(completed === undefined ? {} : { completed }),
          ...(durationMs === undefined ? {} : { durationMs }),
        },
      });
    }

    complete(standings: Array<{ userId: string; score: number }>) {
      this.push({
        type: 'TournamentCompleted',
        data: {
          tournamentId: this.id,
          completedAt: at(600),
          reason: 'SCHEDULE_ENDED',
          finalStandings: standings.map((s, index) => ({
            rank: index + 1,
            userId: s.userId,
            username: `p${s.userId.slice(0, 6)}`,
            score: s.score,
            attempts: 1,
          })),
        },
      });
      return this;
    }

    cancel() {
      this.push({
        type: 'TournamentCancelled',
        data: { tournamentId: this.id, reason: 'Venue closed', cancelledAt: at(30) },
      });
      return this;
    }
  }

  const statsOf = async (tournamentId: string, userId: string) => {
    const lookup = await findPlayerStats(database.db, tournamentId, userId);
    if (lookup.found !== 'player') throw new Error(`no stats: ${lookup.found}`);
    return lookup.stats;
  };

  describe('one player in one tournament', () => {
    it("sums verified plays' game clocks as play time, in whole seconds", async () => {
      const ada = randomUUID();
      const cup = new Stream('SCORE_ATTACK', 'Tile Merge Cup').join(ada, -5, 'ada').start();
      cup.score(ada, 120, 1, undefined, 61_400);
      cup.score(ada, 80, 2, undefined, 29_600);
      cup.score(ada, 50, 3); // a bare score of before issue 10: no play time
      await apply(cup.events);

      expect((await statsOf(cup.id, ada)).totalPlayTime).toBe(61 + 30);
      expect((await memberGameStats(database.db, ada)).overallStats.totalPlayTime).toBe(91);
    });

    it('counts plays, keeps the best and the average, and lists the history newest first', async () => {
      const ada = randomUUID();
      const cup = new Stream('SCORE_ATTACK', 'Snake Sprint').join(ada, -5, 'ada').start();
      const first = cup.score(ada, 100, 1);
      cup.score(ada, 300, 2);
      const last = cup.score(ada, 200, 3);
      await apply(cup.events);

      const stats = await statsOf(cup.id, ada);
      expect(stats).toMatchObject({
        userId: ada,
        username: 'ada',
        avatarUrl: null,
        tournamentTitle: 'Snake Sprint',
        tournamentStatus: 'ACTIVE',
        finalRank: null,
        totalPlays: 3,
        bestScore: 300,
        averageScore: 200,
        totalPlayTime: 0,
        improvementTrend: 'STABLE',
        firstPlayAt: at(1),
        lastPlayAt: at(3),
      });
      expect(stats.scoreHistory.map((play) => play.score)).toEqual([200, 300, 100]);
      expect(stats.scoreHistory[0]).toEqual({
        sessionId: last.id,
        score: 200,
        level: null,
        stage: null,
        startedAt: at(3),
        duration: 0,
        status: 'COMPLETED',
      });
      expect(stats.scoreHistory[2]!.sessionId).toBe(first.id);
    });

    it('rounds the average to hundredths', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5).start();
      for (const [minute, score] of [10, 10, 11].entries()) cup.score(ada, score, minute);
      await apply(cup.events);
      expect((await statsOf(cup.id, ada)).averageScore).toBe(10.33);
    });

    it('reads the trend from the last three results against the three before', async () => {
      const rising = randomUUID();
      const falling = randomUUID();
      const cup = new Stream().join(rising, -5).join(falling, -5).start();
      [100, 100, 100, 120, 120, 130].forEach((score, minute) => cup.score(rising, score, minute));
      [500, 400, 400, 300, 300, 300].forEach((score, minute) => cup.score(falling, score, minute));
      await apply(cup.events);
      expect((await statsOf(cup.id, rising)).improvementTrend).toBe('IMPROVING');
      expect((await statsOf(cup.id, falling)).improvementTrend).toBe('DECLINING');
    });

    it('names an erased member by the erased name', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5).start();
      await apply(cup.events);
      await database.db
        .insertInto('erased_members' as never)
        .values({ member_id: ada, erased_name: 'deleted-0123456789ab', erased_at: new Date() } as never)
        .execute();
      expect((await statsOf(cup.id, ada))?.username).toBe('deleted-0123456789ab');
    });

    it('a joined player who has not played has no best, no average and no play times', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5).start();
      await apply(cup.events);
      expect(await statsOf(cup.id, ada)).toMatchObject({
        totalPlays: 0,
        bestScore: null,
        averageScore: null,
        scoreHistory: [],
        firstPlayAt: null,
        lastPlayAt: null,
        improvementTrend: 'STABLE',
      });
    });

    it('answers the latest plays only, however many there are', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5).start();
      for (let minute = 0; minute < SCORE_HISTORY_LIMIT + 5; minute++) cup.score(ada, minute, minute);
      await apply(cup.events);
      const stats = await statsOf(cup.id, ada);
      expect(stats.totalPlays).toBe(SCORE_HISTORY_LIMIT + 5);
      expect(stats.scoreHistory).toHaveLength(SCORE_HISTORY_LIMIT);
      expect(stats.scoreHistory[0]!.score).toBe(SCORE_HISTORY_LIMIT + 4);
    });

    it('takes the final rank when the tournament completes', async () => {
      const ada = randomUUID();
      const ben = randomUUID();
      const cup = new Stream().join(ada, -5).join(ben, -4).start();
      cup.score(ada, 10, 1);
      cup.score(ben, 20, 2);
      cup.complete([
        { userId: ben, score: 20 },
        { userId: ada, score: 10 },
      ]);
      await apply(cup.events);
      expect(await statsOf(cup.id, ada)).toMatchObject({ tournamentStatus: 'COMPLETED', finalRank: 2 });
      expect(await statsOf(cup.id, ben)).toMatchObject({ finalRank: 1 });
    });
  });

  describe('TIME_ATTACK', () => {
    it('keeps the lowest finished time as the best; an unfinished run is a play with no time', async () => {
      const ada = randomUUID();
      const race = new Stream('TIME_ATTACK').join(ada, -5).start();
      race.score(ada, 61_000, 1, true);
      race.score(ada, 12_000, 2, false);
      race.score(ada, 58_000, 3, true);
      await apply(race.events);

      const stats = await statsOf(race.id, ada);
      expect(stats).toMatchObject({ totalPlays: 3, bestScore: 58_000, averageScore: 59_500 });
      expect(stats.scoreHistory.map((play) => play.status)).toEqual(['COMPLETED', 'INCOMPLETE', 'COMPLETED']);
    });

    it('reads a score stored before runs had `completed` as a finished run', async () => {
      const ada = randomUUID();
      const race = new Stream('TIME_ATTACK').join(ada, -5).start();
      race.score(ada, 70_000, 1);
      race.score(ada, 65_000, 2);
      await apply(race.events);
      expect(await statsOf(race.id, ada)).toMatchObject({ bestScore: 65_000, totalPlays: 2 });
    });

    it('reads falling times as IMPROVING, leaving unfinished runs out of the trend', async () => {
      const ada = randomUUID();
      const race = new Stream('TIME_ATTACK').join(ada, -5).start();
      [90_000, 90_000, 90_000, 70_000, 70_000].forEach((time, minute) => race.score(ada, time, minute, true));
      race.score(ada, 1_000, 10, false);
      race.score(ada, 70_000, 11, true);
      await apply(race.events);
      expect((await statsOf(race.id, ada)).improvementTrend).toBe('IMPROVING');
    });

    it('counts an unfinished score-format run as a result: only times need a finish', async () => {
      const ada = randomUUID();
      const cup = new Stream('SCORE_ATTACK').join(ada, -5).start();
      cup.score(ada, 400, 1, false);
      await apply(cup.events);
      expect(await statsOf(cup.id, ada)).toMatchObject({ bestScore: 400, averageScore: 400 });
    });
  });

  describe('head-to-head matches', () => {
    const drawn = (tournamentId: string, stage: number, kind: string) => ({
      type: 'BracketGenerated',
      data: { tournamentId, stage, kind, seeding: [], matches: [], generatedAt: at(0) },
    });
    const played = (
      tournamentId: string,
      matchId: string,
      userId: string,
      score: number,
      minute: number,
    ) => ({
      type: 'MatchPlayed',
      data: { tournamentId, matchId, userId, username: 'ada', score, completed: true, playedAt: at(minute) },
    });

    it('counts a match played as a play and shows a forfeit in the history only', async () => {
      const ada = randomUUID();
      const ben = randomUUID();
      const bracket = new Stream('DOUBLE_ELIMINATION').join(ada, -5).join(ben, -5).start();
      bracket.push(drawn(bracket.id, 1, 'DOUBLE_ELIMINATION'));
      bracket.push(played(bracket.id, 's1-g1-r1-m1', ada, 420, 5));
      bracket.push({
        type: 'MatchForfeited',
        data: { tournamentId: bracket.id, matchId: 's1-g1-r1-m1', userId: ben, forfeitedAt: at(60) },
      });
      bracket.push(played(bracket.id, 's1-g3-r1-m1', ada, 380, 90));
      await apply(bracket.events);

      const adaStats = await statsOf(bracket.id, ada);
      expect(adaStats).toMatchObject({ totalPlays: 2, bestScore: 420, averageScore: 400 });
      expect(adaStats.scoreHistory).toEqual([
        expect.objectContaining({ sessionId: 'match:s1-g3-r1-m1', stage: 'Grand final', score: 380 }),
        expect.objectContaining({
          sessionId: 'match:s1-g1-r1-m1',
          stage: 'Winners round 1',
          status: 'COMPLETED',
        }),
      ]);
      const benStats = await statsOf(bracket.id, ben);
      expect(benStats).toMatchObject({ totalPlays: 0, bestScore: null });
      expect(benStats.scoreHistory).toEqual([
        expect.objectContaining({ status: 'FORFEITED', score: 0, stage: 'Winners round 1' }),
      ]);
    });

    it('names round-robin and elimination matches by the stage they were drawn in', async () => {
      const ada = randomUUID();
      const bracket = new Stream('ROUND_ROBIN_SINGLE_ELIM').join(ada, -5).start();
      bracket.push(drawn(bracket.id, 1, 'ROUND_ROBIN'));
      bracket.push(played(bracket.id, 's1-g1-r2-m1', ada, 10, 1));
      bracket.push(drawn(bracket.id, 2, 'SINGLE_ELIMINATION'));
      bracket.push(played(bracket.id, 's2-g1-r1-m1', ada, 20, 2));
      await apply(bracket.events);
      expect((await statsOf(bracket.id, ada)).scoreHistory.map((play) => play.stage)).toEqual([
        'Elimination round 1',
        'Round robin round 2',
      ]);
    });

    it('skips a match event missing the fields it needs instead of stopping', async () => {
      const ada = randomUUID();
      const bracket = new Stream('ROUND_ROBIN').join(ada, -5).start();
      bracket.push({ type: 'MatchPlayed', data: { tournamentId: bracket.id, userId: ada } });
      await expect(apply(bracket.events)).resolves.toBeUndefined();
      expect((await statsOf(bracket.id, ada)).totalPlays).toBe(0);
    });
  });

  describe('idempotence', () => {
    it('changes nothing when a batch is delivered again, or its events one by one', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5).start();
      cup.score(ada, 10, 1);
      cup.score(ada, 30, 2);
      cup.complete([{ userId: ada, score: 30 }]);
      await apply(cup.events);
      const once = await statsOf(cup.id, ada);
      await apply(cup.events);
      for (const event of cup.events) await apply([event]);
      expect(await statsOf(cup.id, ada)).toEqual(once);
      expect(once).toMatchObject({ totalPlays: 2, averageScore: 20, finalRank: 1 });
    });

    it('applies the same play twice in one batch once', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5).start();
      const play = cup.score(ada, 10, 1);
      await apply([...cup.events, play]);
      expect((await statsOf(cup.id, ada)).totalPlays).toBe(1);
    });
  });

  describe('whatever the batches', () => {
    const run = fc.record({
      format: fc.constantFrom<TournamentFormat>('SCORE_ATTACK', 'TIME_ATTACK'),
      plays: fc.array(
        fc.record({
          player: fc.nat(2),
          score: fc.integer({ min: 0, max: 100_000 }),
          completed: fc.boolean(),
        }),
        { maxLength: 25 },
      ),
      cuts: fc.array(fc.nat(40), { maxLength: 6 }),
      redelivered: fc.array(fc.nat(40), { maxLength: 5 }),
    });

    it('every split into batches, with events delivered again, gives the totals of the plays', async () => {
      await fc.assert(
        fc.asyncProperty(run, async ({ format, plays, cuts, redelivered }) => {
          const players = [randomUUID(), randomUUID(), randomUUID()];
          const cup = new Stream(format);
          for (const player of players) cup.join(player, -5);
          cup.start();
          plays.forEach((play, minute) =>
            cup.score(players[play.player]!, play.score, minute, play.completed),
          );

          const events = [...cup.events];
          for (const index of redelivered) if (events.length > 0) events.push(events[index % events.length]!);
          const bounds = [...new Set(cuts.map((cut) => cut % (events.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const to of [...bounds, events.length]) {
            if (to > from) await apply(events.slice(from, to));
            from = Math.max(from, to);
          }

          for (const [index, player] of players.entries()) {
            const mine = plays.filter((play) => play.player === index);
            const results = mine
              .filter((play) => format !== 'TIME_ATTACK' || play.completed)
              .map((play) => play.score);
            const stats = await statsOf(cup.id, player);
            expect(stats.totalPlays).toBe(mine.length);
            expect(stats.bestScore).toBe(
              results.length === 0
                ? null
                : format === 'TIME_ATTACK'
                  ? Math.min(...results)
                  : Math.max(...results),
            );
            expect(stats.averageScore).toBe(
              results.length === 0
                ? null
                : Math.round((results.reduce((sum, score) => sum + score, 0) / results.length) * 100) / 100,
            );
          }
        }),
        { numRuns: 30 },
      );
    });
  });

  describe('lookups', () => {
    it('tells an unknown tournament from a player who is not in it', async () => {
      const ada = randomUUID();
      const cup = new Stream().join(ada, -5);
      await apply(cup.events);
      expect(await findPlayerStats(database.db, randomUUID(), ada)).toEqual({ found: 'none' });
      expect(await findPlayerStats(database.db, 'not-a-uuid', ada)).toEqual({ found: 'none' });
      expect(await findPlayerStats(database.db, cup.id, randomUUID())).toEqual({ found: 'tournament' });
      expect(await findPlayerStats(database.db, cup.id, 'x\u0001y')).toEqual({ found: 'tournament' });
    });

    it('shows an edited title', async () => {
      const ada = randomUUID();
      const cup = new Stream('SCORE_ATTACK', 'Old title').join(ada, -5);
      cup.push({
        type: 'TournamentEdited',
        data: {
          tournamentId: cup.id,
          changes: { title: 'New title', prizePoolCents: 99_900 },
          editedAt: at(-1),
        },
      });
      await apply(cup.events);
      expect((await statsOf(cup.id, ada)).tournamentTitle).toBe('New title');
      const history = (await memberGameStats(database.db, ada)).tournamentHistory;
      expect(history[0]!.tournament).toMatchObject({ title: 'New title', prizePool: 999 });
    });
  });

  describe("a member's game stats", () => {
    it('adds up every tournament the member joined, newest first, and nobody else', async () => {
      const ada = randomUUID();
      const ben = randomUUID();
      const won = new Stream('SCORE_ATTACK', 'Won').join(ada, 1).join(ben, 1).start();
      won.score(ada, 500, 10);
      won.score(ada, 700, 11);
      won.score(ben, 600, 12);
      won.complete([
        { userId: ada, score: 700 },
        { userId: ben, score: 600 },
      ]);
      const lost = new Stream('SCORE_ATTACK', 'Lost').join(ada, 2).join(ben, 2).start();
      lost.score(ada, 300, 20);
      lost.score(ben, 900, 21);
      lost.complete([
        { userId: ben, score: 900 },
        { userId: ada, score: 300 },
      ]);
      const race = new Stream('TIME_ATTACK', 'Race').join(ada, 3).start();
      race.score(ada, 45_000, 30, true);
      const live = new Stream('SCORE_ATTACK', 'Live').join(ada, 4).start();
      live.score(ada, 100, 40);
      const cancelled = new Stream('SCORE_ATTACK', 'Cancelled').join(ada, 5).cancel();
      await apply([...won.events, ...lost.events, ...race.events, ...live.events, ...cancelled.events]);

      const stats = await memberGameStats(database.db, ada);
      expect(stats.overallStats).toEqual({
        totalTournaments: 4,
        totalWins: 1,
        winRate: 50,
        totalGamesPlayed: 5,
        // 500, 700, 300 and 100: the race's time is not a score.
        averageScore: 400,
        highestScore: 700,
        totalPlayTime: 0,
      });
      expect(stats.tournamentHistory).toEqual([
        {
          tournament: {
            id: cancelled.id,
            title: 'Cancelled',
            prizePool: 125,
            game: { name: 'Snake' },
            lowerScoreWins: false,
          },
          participation: { finalRank: null, finalScore: null, isWinner: false, status: 'CANCELLED' },
        },
        expect.objectContaining({
          tournament: expect.objectContaining({ title: 'Live' }),
          participation: { finalRank: null, finalScore: null, isWinner: false, status: 'ACTIVE' },
        }),
        expect.objectContaining({
          tournament: expect.objectContaining({ title: 'Race', lowerScoreWins: true }),
        }),
        expect.objectContaining({
          tournament: expect.objectContaining({ title: 'Lost' }),
          participation: { finalRank: 2, finalScore: 300, isWinner: false, status: 'COMPLETED' },
        }),
        expect.objectContaining({
          tournament: expect.objectContaining({ id: won.id, title: 'Won' }),
          participation: { finalRank: 1, finalScore: 700, isWinner: true, status: 'COMPLETED' },
        }),
      ]);

      const benStats = await memberGameStats(database.db, ben);
      expect(benStats.overallStats).toMatchObject({ totalTournaments: 2, totalWins: 1, totalGamesPlayed: 2 });
      expect(benStats.tournamentHistory.map((entry) => entry.tournament.title)).toEqual(['Lost', 'Won']);
    });

    it('is all zeros for a member who never joined anything', async () => {
      expect(await memberGameStats(database.db, randomUUID())).toEqual({
        overallStats: {
          totalTournaments: 0,
          totalWins: 0,
          winRate: 0,
          totalGamesPlayed: 0,
          averageScore: 0,
          highestScore: 0,
          totalPlayTime: 0,
        },
        tournamentHistory: [],
      });
    });

    it('gives the win rate in percent with one decimal', async () => {
      const ada = randomUUID();
      const cups = [0, 1, 2].map((n) => new Stream('SCORE_ATTACK', `Cup ${n}`).join(ada, n).start());
      const rival = randomUUID();
      cups.forEach((cup, n) =>
        cup.complete(
          n === 0
            ? [{ userId: ada, score: 1 }]
            : [
                { userId: rival, score: 2 },
                { userId: ada, score: 1 },
              ],
        ),
      );
      await apply(cups.flatMap((cup) => cup.events));
      expect((await memberGameStats(database.db, ada)).overallStats.winRate).toBe(33.3);
    });
  });
});
