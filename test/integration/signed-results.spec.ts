import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { signedResultMessage, type SignedResultFields } from '@arena/contracts/signed-results.contract';
import { ADMIN_KEY, startTournamentsHarness, type TournamentsHarness } from './tournaments.harness';

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

/** The operator's game server: it alone holds the private key; the tournament records the public one. */
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const resultPublicKey = publicKey.export({ format: 'jwk' }).x!;
const signed = (
  fields: Omit<SignedResultFields, 'nonce' | 'issuedAt'>,
  nonce = randomUUID(),
  issuedAt = new Date(),
) => {
  const at = issuedAt.toISOString();
  const message = signedResultMessage({ ...fields, nonce, issuedAt: at });
  return {
    nonce,
    issuedAt: at,
    signature: sign(null, Buffer.from(message), privateKey).toString('base64url'),
  };
};

const externalGame = (key?: string) => ({
  slug: 'arcade',
  name: 'Arcade',
  integrationUrl: 'https://arcade.example/play',
  maxScore: 1000,
  external: true,
  ...(key === undefined ? {} : { resultPublicKey: key }),
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Arcade Night',
  mode: 'INSTANT',
  format: 'SCORE_ATTACK',
  prizeModel: 'WINNER_TAKES_ALL',
  prizePoolCents: 2500,
  maxParticipants: 10,
  game: externalGame(resultPublicKey),
  ...overrides,
});

/**
 * Issue 21: an operator's external game whose server signs each result. A bare number is refused; a
 * result signed by the game for this member, tournament and score is taken once; a forgery, a replay
 * and a stale result are refused with the one error shape; and every member sees how scores are checked.
 */
describe("an external game's signed results over HTTP", () => {
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
    const response = await request('POST', '/api/admin/tournaments', admin, body(overrides));
    expect(response.json()).toMatchObject({ success: true });
    return response.json().data.id as string;
  };
  const scores = async (id: string) =>
    (await h.store.readStream(`tournament-${id}`)).filter((event) => event.type === 'ScoreSubmitted');
  const joinedMember = async (id: string, name: string) => {
    const member = await h.member(name);
    expect((await request('POST', `/api/tournaments/${id}/join`, member.auth, {})).statusCode).toBe(200);
    return member;
  };

  it('refuses a bare number for a game that signs its results (the reproduction), with the error shape', async () => {
    const id = await create();
    const ada = await joinedMember(id, 'ada');
    const response = await request('POST', `/api/tournaments/${id}/scores`, ada.auth, { score: 1000 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: "Results for Arcade must be signed by the game's server: submit the result from the game",
      statusCode: 403,
    });
    expect(await scores(id)).toEqual([]);
  });

  it("takes a result signed by the game for this member, and records the game's nonce", async () => {
    const id = await create();
    const ada = await joinedMember(id, 'ada');
    const signedResult = signed({
      tournamentId: id,
      matchId: null,
      memberId: ada.id,
      score: 640,
      completed: true,
    });
    const response = await request('POST', `/api/tournaments/${id}/scores`, ada.auth, {
      score: 640,
      signedResult,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ score: 640, attempt: 1, bestScore: 640 });
    expect((await scores(id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ userId: ada.id, score: 640, resultNonce: signedResult.nonce }),
    ]);
  });

  it('refuses a forgery, a raised score, a replay and a stale result; none is recorded twice', async () => {
    const id = await create();
    const ada = await joinedMember(id, 'ada');
    const bo = await joinedMember(id, 'bo');
    const post = (who: { auth: Record<string, string> }, payload: unknown) =>
      request('POST', `/api/tournaments/${id}/scores`, who.auth, payload);
    const refusal = (status: number, message: string) => ({ success: false, message, statusCode: status });
    const badSignature = refusal(403, "The result's signature does not verify with the game's key");

    // Signed with a key that is not the game's.
    const forger = generateKeyPairSync('ed25519').privateKey;
    const nonce = randomUUID();
    const issuedAt = new Date().toISOString();
    const message = signedResultMessage({
      tournamentId: id,
      matchId: null,
      memberId: ada.id,
      score: 1000,
      completed: true,
      nonce,
      issuedAt,
    });
    const forged = {
      nonce,
      issuedAt,
      signature: sign(null, Buffer.from(message), forger).toString('base64url'),
    };
    const forgedAnswer = await post(ada, { score: 1000, signedResult: forged });
    expect([forgedAnswer.statusCode, forgedAnswer.json()]).toEqual([403, badSignature]);

    // The game's own signature, with the score raised, or taken by another member.
    const honest = signed({ tournamentId: id, matchId: null, memberId: ada.id, score: 300, completed: true });
    const raised = await post(ada, { score: 900, signedResult: honest });
    expect([raised.statusCode, raised.json()]).toEqual([403, badSignature]);
    const taken = await post(bo, { score: 300, signedResult: honest });
    expect([taken.statusCode, taken.json()]).toEqual([403, badSignature]);

    // Taken once; the same signed result again, even at once and in parallel, is a replay.
    const answers = await Promise.all([1, 2, 3].map(() => post(ada, { score: 300, signedResult: honest })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const replay = answers.find((answer) => answer.statusCode === 409)!;
    expect(replay.json()).toEqual(refusal(409, 'This signed result was already submitted'));

    // Signed six minutes ago.
    const stale = signed(
      { tournamentId: id, matchId: null, memberId: ada.id, score: 500, completed: true },
      randomUUID(),
      new Date(Date.now() - 6 * 60_000),
    );
    const staleAnswer = await post(ada, { score: 500, signedResult: stale });
    expect([staleAnswer.statusCode, staleAnswer.json()]).toEqual([
      409,
      refusal(409, 'This signed result has expired: submit the result from the game again'),
    ]);

    // Not even shaped like a signature: the contract's 400.
    const malformed = await post(ada, { score: 500, signedResult: { ...honest, signature: 'abc' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, statusCode: 400 });

    expect((await scores(id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ userId: ada.id, score: 300, resultNonce: honest.nonce }),
    ]);
  });

  it('takes a head-to-head result only signed for that match', async () => {
    const id = await create({ format: 'SINGLE_ELIMINATION', maxParticipants: 2 });
    const ada = await joinedMember(id, 'ada');
    await joinedMember(id, 'bo');
    const matchId = await h.eventually(async () => {
      const scheduled = (await h.store.readStream(`tournament-${id}`)).find(
        (event) => event.type === 'MatchScheduled',
      );
      expect(scheduled).toBeDefined();
      return (scheduled!.data as { matchId: string }).matchId;
    });
    const url = `/api/tournaments/${id}/matches/${matchId}/result`;
    const bare = await request('POST', url, ada.auth, { score: 700 });
    expect(bare.statusCode).toBe(403);
    // A score's signature (no match) does not count for the match.
    const forScore = signed({
      tournamentId: id,
      matchId: null,
      memberId: ada.id,
      score: 700,
      completed: true,
    });
    expect((await request('POST', url, ada.auth, { score: 700, signedResult: forScore })).statusCode).toBe(
      403,
    );
    const forMatch = signed({ tournamentId: id, matchId, memberId: ada.id, score: 700, completed: true });
    const accepted = await request('POST', url, ada.auth, { score: 700, signedResult: forMatch });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data).toMatchObject({ matchId, score: 700, decided: false });
    const played = (await h.store.readStream(`tournament-${id}`)).find(
      (event) => event.type === 'MatchPlayed',
    );
    expect(played?.data).toMatchObject({ userId: ada.id, resultNonce: forMatch.nonce });
  });

  it('a game without a key still takes bare numbers, and its tournament says UNVERIFIED wherever it is read', async () => {
    const unverified = await create({ game: externalGame() });
    const signedGame = await create();
    const hosted = await create({ game: { slug: 'tiles' } });
    const ada = await joinedMember(unverified, 'ada');
    expect(
      (await request('POST', `/api/tournaments/${unverified}/scores`, ada.auth, { score: 10 })).statusCode,
    ).toBe(201);

    const verification = async (id: string) =>
      h.eventually(async () => {
        const detail = await request('GET', `/api/tournaments/${id}`);
        expect(detail.statusCode).toBe(200);
        const list = await request('GET', '/api/tournaments?status=ACTIVE');
        const card = list.json().data.tournaments.find((t: { id: string }) => t.id === id);
        expect(card).toBeDefined();
        return [detail.json().data.scoreVerification, card.scoreVerification];
      });
    expect(await verification(unverified)).toEqual(['UNVERIFIED', 'UNVERIFIED']);
    expect(await verification(signedGame)).toEqual(['SIGNED', 'SIGNED']);
    expect(await verification(hosted)).toEqual(['REPLAY', 'REPLAY']);
  });

  it('refuses a key for a game we host, and a key that is not an Ed25519 public key', async () => {
    const hosted = await request(
      'POST',
      '/api/admin/tournaments',
      admin,
      body({ game: { slug: 'tiles', resultPublicKey } }),
    );
    expect(hosted.statusCode).toBe(400);
    expect(hosted.json().message).toMatch(/external: true/);
    const notAKey = await request(
      'POST',
      '/api/admin/tournaments',
      admin,
      body({ game: externalGame('x'.repeat(10)) }),
    );
    expect(notAKey.statusCode).toBe(400);
    expect(notAKey.json().message).toMatch(/Ed25519/);
  });
});
