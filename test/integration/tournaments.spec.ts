import { randomUUID } from 'node:crypto';
import { ADMIN_KEY, startTournamentsHarness, type TournamentsHarness } from './tournaments.harness';

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

const instantBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Snake Sprint',
  description: 'Highest snake score directs the pool',
  mode: 'INSTANT',
  format: 'SCORE_ATTACK',
  prizeModel: 'WINNER_TAKES_ALL',
  prizePoolCents: 2500,
  maxParticipants: 2,
  requiredPlan: 'FREE',
  rules: 'Best score counts\nTies go to the earliest high score',
  game: {
    slug: 'arcade',
    name: 'Arcade',
    integrationUrl: 'https://arcade.example/play',
    maxScore: 1000,
    external: true,
  },
  ...overrides,
});

describe('tournaments over HTTP', () => {
  let h: TournamentsHarness;

  beforeAll(async () => {
    h = await startTournamentsHarness();
  });
  afterAll(() => h.close());

  const request = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) =>
    h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await request('POST', '/api/admin/tournaments', admin, instantBody(overrides));
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };

  const streamTypes = async (id: string) =>
    (await h.store.readStream(`tournament-${id}`)).map((event) => event.type);

  describe('admin create', () => {
    it('needs the admin key', async () => {
      expect((await request('POST', '/api/admin/tournaments', {}, instantBody())).statusCode).toBe(401);
      const wrong = await request(
        'POST',
        '/api/admin/tournaments',
        { authorization: 'Bearer nope' },
        instantBody(),
      );
      expect(wrong.statusCode).toBe(401);
    });

    it('refuses an invalid body with a 400 naming the field', async () => {
      const response = await request(
        'POST',
        '/api/admin/tournaments',
        admin,
        instantBody({ format: 'CHESS' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/format/);
    });

    it('creates an instant tournament live', async () => {
      const response = await request('POST', '/api/admin/tournaments', admin, instantBody());
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ success: true, data: { id: expect.any(String), status: 'ACTIVE' } });
      expect(await streamTypes(response.json().data.id)).toEqual(['TournamentCreated', 'TournamentStarted']);
    });
  });

  describe('admin create refuses what a read model cannot store, and repeats safely', () => {
    it('refuses a game maxScore beyond a PostgreSQL integer with a 400', async () => {
      const game = {
        slug: 'arcade',
        name: 'Arcade',
        integrationUrl: '/a',
        maxScore: 2_147_483_648,
        external: true,
      };
      const response = await request('POST', '/api/admin/tournaments', admin, instantBody({ game }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringMatching(/maxScore/) });
    });

    it('answers a repeat with the same id and body 200 with the stored tournament, and changes nothing', async () => {
      const tournamentId = randomUUID();
      const body = instantBody({ tournamentId });
      const first = await request('POST', '/api/admin/tournaments', admin, body);
      expect(first.statusCode).toBe(201);
      const again = await request('POST', '/api/admin/tournaments', admin, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await streamTypes(tournamentId)).toEqual(['TournamentCreated', 'TournamentStarted']);
    });

    it('answers a repeat with the same id and another body 409, and changes nothing', async () => {
      const tournamentId = randomUUID();
      const body = instantBody({ tournamentId });
      expect((await request('POST', '/api/admin/tournaments', admin, body)).statusCode).toBe(201);
      const other = await request('POST', '/api/admin/tournaments', admin, {
        ...body,
        title: 'Another title',
      });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({
        success: false,
        message: 'A tournament with this id already exists with other settings',
        statusCode: 409,
      });
      const [created] = await h.store.readStream(`tournament-${tournamentId}`);
      expect(created?.data).toMatchObject({ title: 'Snake Sprint' });
    });

    it('records schedule instants given with an offset in UTC, so a repeat of the same body matches', async () => {
      const tournamentId = randomUUID();
      const body = instantBody({
        tournamentId,
        mode: 'SCHEDULED',
        tournamentStart: '2099-01-01T13:00:00+01:00',
        tournamentEnd: '2099-01-02T13:00:00+01:00',
      });
      expect((await request('POST', '/api/admin/tournaments', admin, body)).statusCode).toBe(201);
      expect((await request('POST', '/api/admin/tournaments', admin, body)).statusCode).toBe(200);
      const [created] = await h.store.readStream(`tournament-${tournamentId}`);
      expect(created?.data).toMatchObject({ tournamentStart: '2099-01-01T12:00:00.000Z' });
    });
  });

  describe('reading', () => {
    it('answers 404 "Tournament not found" for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const response = await request('GET', `/api/tournaments/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, message: 'Tournament not found' });
      }
    });

    it('validates the status filter', async () => {
      const response = await request('GET', '/api/tournaments?status=LIVE');
      expect(response.statusCode).toBe(400);
    });

    it('lists and details a new tournament with the spec fields', async () => {
      const id = await create({ prizePoolCents: 100_000 });
      const detail = await h.eventually(async () => {
        const response = await request('GET', `/api/tournaments/${id}`);
        expect(response.statusCode).toBe(200);
        return response.json();
      });
      expect(detail).toEqual({
        success: true,
        data: expect.objectContaining({
          id,
          title: 'Snake Sprint',
          status: 'ACTIVE',
          mode: 'INSTANT',
          format: 'SCORE_ATTACK',
          prizeModel: 'WINNER_TAKES_ALL',
          prizeDisplay: '$1,000',
          prizePool: 1000,
          prizePoolCents: 100_000,
          maxParticipants: 2,
          participantCount: 0,
          stats: expect.objectContaining({ totalParticipants: 0 }),
          tournamentStart: null,
          tournamentEnd: null,
          requiredPlan: 'FREE',
          rules: 'Best score counts\nTies go to the earliest high score',
          game: { slug: 'arcade', name: 'Arcade', integrationUrl: 'https://arcade.example/play' },
          isUserJoined: false,
          canJoin: true,
          leaderboard: [],
        }),
      });
      const live = await request('GET', '/api/tournaments?status=ACTIVE');
      expect(live.json().data.tournaments.map((t: { id: string }) => t.id)).toContain(id);
      const upcoming = await request('GET', '/api/tournaments?status=UPCOMING');
      expect(upcoming.json().data.tournaments.map((t: { id: string }) => t.id)).not.toContain(id);
    });
  });

  describe('joining', () => {
    it('needs a signed-in member', async () => {
      const id = await create();
      expect((await request('POST', `/api/tournaments/${id}/join`)).statusCode).toBe(401);
    });

    it('joining twice answers the same and appends one PlayerJoined', async () => {
      const id = await create();
      const ada = await h.member('ada');
      const first = await request('POST', `/api/tournaments/${id}/join`, ada.auth, {
        charityId: '92-0041488',
      });
      const second = await request('POST', `/api/tournaments/${id}/join`, ada.auth, {});
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(first.json().data).toMatchObject({ tournamentId: id, userId: ada.id, charityId: '920041488' });
      expect((await streamTypes(id)).filter((type) => type === 'PlayerJoined')).toHaveLength(1);
    });

    it('an unknown tournament is a 404', async () => {
      const ada = await h.member('ada');
      const response = await request('POST', `/api/tournaments/${randomUUID()}/join`, ada.auth, {});
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Tournament not found');
    });
  });

  describe('scores', () => {
    it('refuses players who did not join with a 403', async () => {
      const id = await create();
      const bo = await h.member('bo');
      const response = await request('POST', `/api/tournaments/${id}/scores`, bo.auth, { score: 10 });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/not joined/);
    });

    it.each([[-1], [1.5], ['12'], [null], [1001]])('refuses the score %p with a 400', async (score) => {
      const id = await create();
      const cy = await h.member('cy');
      await request('POST', `/api/tournaments/${id}/join`, cy.auth, {});
      const response = await request('POST', `/api/tournaments/${id}/scores`, cy.auth, { score });
      expect(response.statusCode).toBe(400);
      expect(await streamTypes(id)).not.toContain('ScoreSubmitted');
    });

    it('a burst of scores from one player all land, attempts counted 1..n', async () => {
      const id = await create({ maxParticipants: 5 });
      const di = await h.member('di');
      await request('POST', `/api/tournaments/${id}/join`, di.auth, {});
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          request('POST', `/api/tournaments/${id}/scores`, di.auth, { score: i * 10 }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      const attempts = responses.map((r) => r.json().data.attempt as number).sort((a, b) => a - b);
      expect(attempts).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it('the last place completes an instant tournament; then scores are a 409 and the leaderboard is final', async () => {
      const id = await create({ maxParticipants: 2 });
      const ed = await h.member('ed');
      const fi = await h.member('fi');
      const outsider = await h.member('gu');
      await request('POST', `/api/tournaments/${id}/join`, ed.auth, {});
      await request('POST', `/api/tournaments/${id}/join`, fi.auth, {});
      expect(
        (await request('POST', `/api/tournaments/${id}/scores`, ed.auth, { score: 300 })).statusCode,
      ).toBe(201);
      expect(
        (await request('POST', `/api/tournaments/${id}/scores`, ed.auth, { score: 500 })).statusCode,
      ).toBe(201);
      const last = await request('POST', `/api/tournaments/${id}/scores`, fi.auth, { score: 400 });
      expect(last.json()).toEqual({
        success: true,
        data: { tournamentId: id, score: 400, attempt: 1, bestScore: 400, tournamentStatus: 'COMPLETED' },
      });

      const again = await request('POST', `/api/tournaments/${id}/scores`, fi.auth, { score: 900 });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/not live/);
      const lateJoin = await request('POST', `/api/tournaments/${id}/join`, outsider.auth, {});
      expect(lateJoin.statusCode).toBe(409);

      // Completion, then the winner's PrizeAllocated (WINNER_TAKES_ALL).
      const [completed, allocated] = (await h.store.readStream(`tournament-${id}`)).slice(-2);
      expect(allocated).toMatchObject({ type: 'PrizeAllocated', data: { rank: 1, userId: ed.id } });
      expect(completed).toMatchObject({
        type: 'TournamentCompleted',
        data: {
          reason: 'PLAYER_CAP_REACHED',
          finalStandings: [
            { rank: 1, userId: ed.id, score: 500, attempts: 2 },
            { rank: 2, userId: fi.id, score: 400, attempts: 1 },
          ],
        },
      });

      const detail = await h.eventually(async () => {
        const response = await request('GET', `/api/tournaments/${id}`, ed.auth);
        const body = response.json();
        expect(body.data.status).toBe('COMPLETED');
        expect(body.data.leaderboard).toHaveLength(2);
        return body.data;
      });
      expect(detail).toMatchObject({ isUserJoined: true, canJoin: false, participantCount: 2 });
      expect(detail.leaderboard).toEqual([
        {
          rank: 1,
          userId: ed.id,
          username: ed.username,
          avatarUrl: null,
          score: 500,
          charityName: null,
          charityUrl: null,
          charityLogoUrl: null,
        },
        {
          rank: 2,
          userId: fi.id,
          username: fi.username,
          avatarUrl: null,
          score: 400,
          charityName: null,
          charityUrl: null,
          charityLogoUrl: null,
        },
      ]);
      const asGuest = (await request('GET', `/api/tournaments/${id}`)).json().data;
      expect(asGuest.isUserJoined).toBe(false);
    });
  });
});
