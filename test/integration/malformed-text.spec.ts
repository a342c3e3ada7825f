import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createMember } from '@arena/identity/testing';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

const ADMIN_KEY = 'admin-key-for-malformed-text-tests-01';
const refused = {
  success: false,
  message: 'Text must not contain NUL characters or unpaired surrogates',
  statusCode: 400,
};

/** Issue 7 item 1: text PostgreSQL cannot store is refused at the door, and never costs anyone else a score. */
describe('malformed text in requests', () => {
  let database: TestDatabase;
  let api: NestFastifyApplication;
  let jwtSecret: string;

  beforeAll(async () => {
    database = await createTestDatabase(5);
    const config = testAppConfig(database.url, { ADMIN_API_KEY: ADMIN_KEY });
    jwtSecret = config.JWT_ACCESS_SECRET;
    api = await createApiApp(config);
  });

  afterAll(async () => {
    await api.close();
    await database.drop();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    api.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  const createTournament = async () => {
    const response = await api.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      payload: {
        title: 'Poison Cup',
        mode: 'INSTANT',
        format: 'SCORE_ATTACK',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 100,
        maxParticipants: 100,
        game: {
          slug: 'arcade',
          name: 'Arcade',
          integrationUrl: 'https://arcade.example/play',
          maxScore: 1000,
          external: true,
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };

  it.each([
    ['a NUL in a path id', 'POST', '/api/tournaments/%00/join'],
    ['a NUL in a query value', 'GET', '/api/tournaments?status=ACTIVE%00'],
    ['a NUL in a query key', 'GET', '/api/tournaments?st%00atus=ACTIVE'],
  ] as const)('refuses %s with a 400', async (_name, method, url) => {
    const member = await createMember(database.db, jwtSecret);
    const response = await call(method, url, member.accessToken, method === 'POST' ? {} : undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
  });

  it.each([
    ['a NUL', 'x\u0000'],
    ['a lone high surrogate', 'x\uD800'],
    ['a lone low surrogate', '\uDC00x'],
  ])('refuses %s in a body value or key with a 400', async (_name, text) => {
    const member = await createMember(database.db, jwtSecret);
    const id = await createTournament();
    for (const payload of [{ charityId: text }, { [text]: 'x' }]) {
      const response = await call('POST', `/api/tournaments/${id}/join`, member.accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
  });

  it("poison joins sent in a burst of other members' scores fail alone: every honest score lands", async () => {
    const id = await createTournament();
    const players = await Promise.all([1, 2, 3].map(() => createMember(database.db, jwtSecret)));
    for (const player of players) {
      expect((await call('POST', `/api/tournaments/${id}/join`, player.accessToken, {})).statusCode).toBe(
        200,
      );
    }
    const mallory = await createMember(database.db, jwtSecret);
    const poison = ['x\u0000', 'y\uD800', '\uDFFFz'];
    const honest = Array.from({ length: 45 }, (_, i) =>
      call('POST', `/api/tournaments/${id}/scores`, players[i % 3]!.accessToken, { score: i }),
    );
    const attacks = Array.from({ length: 15 }, (_, i) =>
      call('POST', `/api/tournaments/${id}/join`, mallory.accessToken, { charityId: poison[i % 3] }),
    );
    const [scores, refusals] = await Promise.all([Promise.all(honest), Promise.all(attacks)]);
    expect(scores.map((response) => response.statusCode)).toEqual(honest.map(() => 201));
    expect(refusals.map((response) => response.json())).toEqual(attacks.map(() => refused));
    const best = await call('POST', `/api/tournaments/${id}/scores`, players[2]!.accessToken, { score: 0 });
    expect(best.json().data).toMatchObject({ attempt: 16, bestScore: 44 });
  });
});
