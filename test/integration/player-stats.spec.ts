import { randomUUID } from 'node:crypto';
import { seedDemoTournaments, type DemoPlayers } from '@arena/tournaments';
import { ADMIN_KEY, startTournamentsHarness, type TournamentsHarness } from './tournaments.harness';

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Stats Cup',
  description: 'For the statistics',
  mode: 'INSTANT',
  format: 'SCORE_ATTACK',
  prizeModel: 'WINNER_TAKES_ALL',
  prizePoolCents: 5000,
  maxParticipants: 3,
  requiredPlan: 'FREE',
  rules: 'Best score counts',
  game: {
    slug: 'arcade',
    name: 'Arcade',
    integrationUrl: 'https://arcade.example/play',
    maxScore: 100_000,
    external: true,
  },
  ...overrides,
});

type Member = Awaited<ReturnType<TournamentsHarness['member']>>;

describe('player statistics over HTTP', () => {
  let h: TournamentsHarness;
  let cupId: string;
  let ada: Member;
  let ben: Member;
  let outsider: Member;

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    h.app.inject({ method: 'POST', url, headers, payload });
  const statsUrl = (tournamentId: string, playerId: string) =>
    `/api/tournaments/${tournamentId}/players/${playerId}/stats`;

  beforeAll(async () => {
    h = await startTournamentsHarness();
    [ada, ben, outsider] = await Promise.all([h.member('ada'), h.member('ben'), h.member('out')]);
    const created = await post('/api/admin/tournaments', admin, body());
    cupId = created.json().data.id;
    for (const player of [ada, ben]) {
      expect((await post(`/api/tournaments/${cupId}/join`, player.auth, {})).statusCode).toBe(200);
    }
    for (const [player, score] of [
      [ada, 100],
      [ben, 250],
      [ada, 400],
    ] as const) {
      expect((await post(`/api/tournaments/${cupId}/scores`, player.auth, { score })).statusCode).toBe(201);
    }
    await h.eventually(async () => {
      expect((await get(statsUrl(cupId, ada.id))).json().data.totalPlays).toBe(2);
      expect((await get(statsUrl(cupId, ben.id))).json().data.totalPlays).toBe(1);
    });
  });
  afterAll(() => h.close());

  describe('GET /api/tournaments/{id}/players/{playerId}/stats', () => {
    it("answers a participant's statistics to anyone, with the live rank", async () => {
      const response = await get(statsUrl(cupId, ada.id));
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        userId: ada.id,
        username: ada.username,
        avatarUrl: null,
        tournamentTitle: 'Stats Cup',
        currentRank: 1,
        totalPlays: 2,
        bestScore: 400,
        averageScore: 250,
        totalPlayTime: 0,
        improvementTrend: 'STABLE',
      });
      expect(data.scoreHistory.map((play: { score: number }) => play.score)).toEqual([400, 100]);
      expect(data.firstPlayAt < data.lastPlayAt).toBe(true);
      expect((await get(statsUrl(cupId, ben.id))).json().data.currentRank).toBe(2);
    });

    it("answers a joined player's statistics before their first score, with no rank", async () => {
      const late = await h.member('late');
      expect((await post(`/api/tournaments/${cupId}/join`, late.auth, {})).statusCode).toBe(200);
      const response = await h.eventually(async () => {
        const answer = await get(statsUrl(cupId, late.id));
        expect(answer.statusCode).toBe(200);
        return answer;
      });
      expect(response.json().data).toMatchObject({
        currentRank: null,
        totalPlays: 0,
        bestScore: null,
        averageScore: null,
        scoreHistory: [],
      });
    });

    it("answers 404 'Tournament not found' for an unknown or malformed tournament id", async () => {
      for (const id of [randomUUID(), 'nope', '%00', 'a'.repeat(90)]) {
        const response = await get(statsUrl(id, ada.id));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Tournament not found', statusCode: 404 });
      }
    });

    it('answers 404 for someone who is not in the tournament, whatever the id looks like', async () => {
      for (const playerId of [outsider.id, randomUUID(), 'x', '%00', '-1']) {
        const response = await get(statsUrl(cupId, playerId));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          message: 'Player not found in this tournament',
          statusCode: 404,
        });
      }
    });

    it('answers the same to 50 requests at once', async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => get(statsUrl(cupId, ada.id))));
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    });

    it('gives the final rank once the tournament completes', async () => {
      const carl = await h.member('carl');
      // An instant tournament completes when its cap of unique players has scored: here two.
      const id = (await post('/api/admin/tournaments', admin, body({ maxParticipants: 2 }))).json().data.id;
      for (const [player, score] of [
        [ada, 10],
        [carl, 20],
      ] as const) {
        expect((await post(`/api/tournaments/${id}/join`, player.auth, {})).statusCode).toBe(200);
        expect((await post(`/api/tournaments/${id}/scores`, player.auth, { score })).statusCode).toBe(201);
      }
      await h.eventually(async () => {
        expect((await get(statsUrl(id, ada.id))).json().data.currentRank).toBe(2);
        expect((await get(statsUrl(id, carl.id))).json().data.currentRank).toBe(1);
      });
    });
  });

  describe('GET /api/users/game-stats', () => {
    it('needs a signed-in member', async () => {
      const response = await get('/api/users/game-stats');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, statusCode: 401 });
      expect((await get('/api/users/game-stats', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    });

    it("answers the member's own totals and history", async () => {
      const response = await get('/api/users/game-stats', ben.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        overallStats: {
          totalTournaments: 1,
          totalWins: 0,
          winRate: 0,
          totalGamesPlayed: 1,
          averageScore: 250,
          highestScore: 250,
          totalPlayTime: 0,
        },
        tournamentHistory: [
          {
            tournament: {
              id: cupId,
              title: 'Stats Cup',
              prizePool: 50,
              game: { name: 'Arcade' },
              lowerScoreWins: false,
            },
            participation: { finalRank: null, finalScore: null, isWinner: false, status: 'ACTIVE' },
          },
        ],
      });
    });

    it("never shows another member's, whatever the request names", async () => {
      for (const url of [
        `/api/users/game-stats?userId=${ada.id}`,
        `/api/users/game-stats?memberId=${ada.id}&id=${ada.id}`,
      ]) {
        const response = await get(url, outsider.auth);
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({
          overallStats: { totalTournaments: 0, totalGamesPlayed: 0 },
          tournamentHistory: [],
        });
      }
    });

    it('answers the same to 50 requests at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => get('/api/users/game-stats', ada.auth)),
      );
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    });

    it('gives a demo member of the seed a history with several tournaments and a win', async () => {
      const keys = ['ada', 'ben', 'chloe', 'dev', 'emma', 'felix'];
      const members = await Promise.all(keys.map((key) => h.member(`demo${key}`)));
      const players: DemoPlayers = Object.fromEntries(
        keys.map((key, index) => [
          key,
          { accountId: members[index]!.id, username: members[index]!.username },
        ]),
      );
      await seedDemoTournaments({ players, eventStore: h.store });
      const demoAda = members[0]!;
      const stats = await h.eventually(async () => {
        const { data } = (await get('/api/users/game-stats', demoAda.auth)).json();
        expect(data.overallStats.totalWins).toBeGreaterThanOrEqual(1);
        expect(data.tournamentHistory.length).toBeGreaterThanOrEqual(3);
        return data;
      });
      expect(stats.overallStats.totalGamesPlayed).toBeGreaterThan(0);
      expect(
        stats.tournamentHistory.some(
          (entry: { participation: { isWinner: boolean } }) => entry.participation.isWinner,
        ),
      ).toBe(true);
    });
  });
});
