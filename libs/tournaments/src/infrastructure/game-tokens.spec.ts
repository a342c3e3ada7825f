import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AppConfig } from '@arena/config';
import { PlayMessages } from '@arena/contracts/plays.contract';
import { TournamentError } from '../domain/tournament.errors';
import { GameTokens, type GameTokenClaims } from './game-tokens';

const config = (overrides: Partial<AppConfig> = {}) =>
  ({ JWT_ACCESS_SECRET: 'an-access-secret-of-thirty-two-characters', ...overrides }) as AppConfig;
const claims = (): GameTokenClaims => ({
  sub: randomUUID(),
  sid: randomUUID(),
  play: randomUUID(),
  tid: randomUUID(),
  mid: null,
});
const now = new Date('2026-11-23T10:00:00.000Z');
const inAnHour = new Date(now.getTime() + 3600_000);

async function refusal(attempt: Promise<unknown>): Promise<[string, string]> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof TournamentError) return [error.kind, error.message];
    throw error;
  }
  throw new Error('The token was accepted');
}

describe('game tokens', () => {
  const tokens = new GameTokens(config());

  it('give back the claims they were signed with, a match id included', async () => {
    const signed = { ...claims(), mid: 's1-g1-r1-m1' };
    await expect(tokens.verify(await tokens.sign(signed, inAnHour), now)).resolves.toEqual(signed);
  });

  it('expire with their play: 409, the play has expired', async () => {
    const token = await tokens.sign(claims(), inAnHour);
    expect(await refusal(tokens.verify(token, new Date(inAnHour.getTime() + 1000)))).toEqual([
      'conflict',
      PlayMessages.expired,
    ]);
  });

  it('verified once, still expire with their play, and their altered copies are still refused', async () => {
    const token = await tokens.sign(claims(), inAnHour);
    await expect(tokens.verify(token, now)).resolves.toMatchObject({ sub: expect.any(String) });
    // jose's test, in whole seconds: at the expiry second itself the token is no longer valid.
    expect(await refusal(tokens.verify(token, inAnHour))).toEqual(['conflict', PlayMessages.expired]);
    await expect(tokens.verify(token, now)).resolves.toMatchObject({ sub: expect.any(String) });
    expect(await refusal(tokens.verify(`${token.slice(0, -3)}abc`, now))).toEqual([
      'forbidden',
      PlayMessages.wrongToken,
    ]);
  });

  it('are refused (403) when altered, signed with another secret, or not game tokens', async () => {
    const token = await tokens.sign(claims(), inAnHour);
    const wrong = ['forbidden', PlayMessages.wrongToken];
    expect(await refusal(tokens.verify(`${token.slice(0, -3)}abc`, now))).toEqual(wrong);
    const elsewhere = new GameTokens(config({ GAME_TOKEN_SECRET: 'another-game-secret-of-32-characters!' }));
    expect(await refusal(elsewhere.verify(token, now))).toEqual(wrong);
    expect(await refusal(tokens.verify('not a token', now))).toEqual(wrong);
  });

  it('are refused when their claims do not name a member, sign-in, play and tournament by id', async () => {
    const secret = 'a-game-secret-of-thirty-two-characters';
    const keyed = new GameTokens(config({ GAME_TOKEN_SECRET: secret }));
    // Signed with the right key: only the claims are wrong.
    const forged = await new SignJWT({ sid: 'x', play: randomUUID(), tid: randomUUID(), mid: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setAudience('arena-game')
      .setExpirationTime(Math.floor(inAnHour.getTime() / 1000))
      .sign(createSecretKey(Buffer.from(secret, 'utf8')));
    expect(await refusal(keyed.verify(forged, now))).toEqual(['forbidden', PlayMessages.wrongToken]);
  });

  it('use GAME_TOKEN_SECRET when set, and a key derived from the access secret otherwise, never the access secret itself', async () => {
    const signed = claims();
    const derived = await tokens.sign(signed, inAnHour);
    const withOwnSecret = new GameTokens(
      config({ GAME_TOKEN_SECRET: 'a-game-secret-of-thirty-two-characters' }),
    );
    expect(await refusal(withOwnSecret.verify(derived, now))).toEqual(['forbidden', PlayMessages.wrongToken]);
    const accessKeyed = new GameTokens(config({ GAME_TOKEN_SECRET: config().JWT_ACCESS_SECRET }));
    expect(await refusal(accessKeyed.verify(derived, now))).toEqual(['forbidden', PlayMessages.wrongToken]);
  });
});
