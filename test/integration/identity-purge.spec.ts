import { randomUUID } from 'node:crypto';
import { createMember } from '@arena/identity/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import {
  EXPIRED_SIGN_IN_RETENTION_MS,
  PurgeExpiredSignInsProcessor,
} from '../../libs/identity/src/application/reactions/purge-expired-sign-ins.processor';
import { RefreshTokenFamiliesRepository } from '../../libs/identity/src/infrastructure/refresh-token-families.repository';
import { SignInSessionsRepository } from '../../libs/identity/src/infrastructure/sign-in-sessions.repository';

describe('purging expired sign-in data', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  let database: TestDatabase;

  beforeAll(async () => (database = await createTestDatabase(2)));
  afterAll(() => database.drop());

  async function session(expiresAt: Date) {
    const id = randomUUID();
    await database.db
      .insertInto('auth_sessions')
      .values({
        id,
        purpose: 'login',
        created_at: ago(EXPIRED_SIGN_IN_RETENTION_MS * 3),
        expires_at: expiresAt,
      })
      .execute();
    await database.db
      .insertInto('auth_codes')
      .values({
        id: randomUUID(),
        session_id: id,
        channel: 'email',
        code_hash: 'x',
        created_at: ago(EXPIRED_SIGN_IN_RETENTION_MS * 3),
        expires_at: expiresAt,
      })
      .execute();
    return id;
  }

  async function family(accountId: string, expiresAt: Date) {
    const id = randomUUID();
    await database.db
      .insertInto('refresh_token_families')
      .values({
        id,
        account_id: accountId,
        created_at: ago(EXPIRED_SIGN_IN_RETENTION_MS * 40),
        expires_at: expiresAt,
      })
      .execute();
    await database.db
      .insertInto('refresh_tokens')
      .values({ token_hash: randomUUID(), family_id: id, issued_at: ago(EXPIRED_SIGN_IN_RETENTION_MS * 40) })
      .execute();
    return id;
  }

  it('deletes sessions, codes and refresh families a day past expiry, and keeps the rest', async () => {
    const member = await createMember(database.db, 's'.repeat(32));
    const longGone = await session(ago(EXPIRED_SIGN_IN_RETENTION_MS + 60_000));
    const justExpired = await session(ago(60_000));
    const live = await session(new Date(now.getTime() + 60_000));
    const oldFamily = await family(member.id, ago(EXPIRED_SIGN_IN_RETENTION_MS + 60_000));
    const liveFamily = await family(member.id, new Date(now.getTime() + 60_000));

    const familiesBefore = await database.db.selectFrom('refresh_token_families').select('id').execute();
    expect(familiesBefore.map((f) => f.id).sort()).toEqual([oldFamily, liveFamily].sort());

    const processor = new PurgeExpiredSignInsProcessor(
      { now: () => now },
      new SignInSessionsRepository(database.db),
      new RefreshTokenFamiliesRepository(database.db),
    );
    expect(await processor.handle()).toBe(
      'deleted 1 expired sign-in sessions and 1 expired refresh-token families',
    );

    const sessions = await database.db.selectFrom('auth_sessions').select('id').execute();
    expect(sessions.map((s) => s.id).sort()).toEqual([justExpired, live].sort());
    const codes = await database.db.selectFrom('auth_codes').select('session_id').execute();
    expect(codes.map((c) => c.session_id)).not.toContain(longGone);
    expect(codes).toHaveLength(2);
    const families = await database.db.selectFrom('refresh_token_families').select('id').execute();
    expect(families.map((f) => f.id)).toEqual([liveFamily]);
    const tokens = await database.db.selectFrom('refresh_tokens').select('family_id').execute();
    expect(tokens.map((t) => t.family_id)).toEqual([liveFamily]);

    expect(await processor.handle()).toBe(
      'deleted 0 expired sign-in sessions and 0 expired refresh-token families',
    );
  });
});
