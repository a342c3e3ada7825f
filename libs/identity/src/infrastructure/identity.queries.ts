import { Inject, Injectable } from '@nestjs/common';
import type { Kysely, Selectable } from 'kysely';
import { DATABASE } from '@arena/database';
import type { AvatarContentType } from '../domain/avatar-image';
import type { CodeChannel } from '../domain/one-time-code';
import { memberLookup } from './member.queries';

export type SessionPurpose = 'signup' | 'login' | 'email_change' | 'phone_change';

interface IdentityTables {
  accounts: {
    id: string;
    username: string;
    email: string;
    phone_number: string;
    referral_code: string;
    referred_by_code: string | null;
    terms_version: string | null;
    terms_accepted_at: Date | null;
    confirmed_adult_in_us: boolean;
    email_changed_at: Date | null;
    phone_changed_at: Date | null;
  };
  auth_sessions: {
    id: string;
    purpose: SessionPurpose;
    account_id: string | null;
    username: string | null;
    email: string | null;
    phone_number: string | null;
    referred_by_code: string | null;
    terms_version: string | null;
    terms_accepted_at: Date | null;
    email_verified_at: Date | null;
    phone_verified_at: Date | null;
    completed_at: Date | null;
    created_at: Date;
    expires_at: Date;
  };
  auth_codes: {
    id: string;
    session_id: string;
    channel: CodeChannel;
    code_hash: string;
    failed_attempts: number;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
    superseded_at: Date | null;
  };
  account_avatars: {
    account_id: string;
    content_type: AvatarContentType;
    image: Buffer;
    updated_at: Date;
  };
  refresh_token_families: {
    id: string;
    account_id: string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    revoked_reason: string | null;
  };
  refresh_tokens: {
    token_hash: string;
    family_id: string;
    issued_at: Date;
    used_at: Date | null;
  };
}

export type AccountRow = Selectable<IdentityTables['accounts']>;
export type AuthSessionRow = Selectable<IdentityTables['auth_sessions']>;
export type AuthCodeRow = Selectable<IdentityTables['auth_codes']>;
/** A new account: its addresses have not changed yet. */
export type NewAccount = Omit<IdentityTables['accounts'], 'email_changed_at' | 'phone_changed_at'>;
export type NewAuthSession = Pick<AuthSessionRow, 'id' | 'purpose' | 'created_at' | 'expires_at'> &
  Partial<Omit<AuthSessionRow, 'id' | 'purpose' | 'created_at' | 'expires_at'>>;
export type NewAuthCode = Pick<
  AuthCodeRow,
  'id' | 'session_id' | 'channel' | 'code_hash' | 'created_at' | 'expires_at'
>;

export interface RefreshTokenRecord {
  tokenHash: string;
  usedAt: Date | null;
  familyId: string;
  accountId: string;
  familyExpiresAt: Date;
  familyRevokedAt: Date | null;
}

const PG_UNIQUE_VIOLATION = '23505';

/** Which unique column a failed insert collided on, if that was the failure. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === PG_UNIQUE_VIOLATION ? (pgError.constraint ?? '') : undefined;
}

/** All reads and writes of the identity tables. `transaction` hands out a copy bound to one transaction. */
@Injectable()
export class IdentityQueries {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  transaction<T>(work: (queries: IdentityQueries) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new IdentityQueries(trx)));
  }

  findAccountById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findAccountByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findAccountByPhone(phoneNumber: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('phone_number', '=', phoneNumber)
      .executeTakeFirst();
  }

  /** Which of the three is already held by an account (citext compares username and email case-insensitively). */
  async takenIdentifiers(username: string, email: string, phoneNumber: string) {
    const rows = await this.db
      .selectFrom('accounts')
      .select(['username', 'email', 'phone_number'])
      .where((eb) =>
        eb.or([eb('username', '=', username), eb('email', '=', email), eb('phone_number', '=', phoneNumber)]),
      )
      .execute();
    const lower = (value: string) => value.toLowerCase();
    return {
      username: rows.some((r) => lower(r.username) === lower(username)),
      email: rows.some((r) => lower(r.email) === lower(email)),
      phoneNumber: rows.some((r) => r.phone_number === phoneNumber),
    };
  }

  /** Whether an account other than `accountId` holds this email (case-insensitively) or phone. */
  async contactHeldByOther(channel: CodeChannel, value: string, accountId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where(channel === 'email' ? 'email' : 'phone_number', '=', value)
      .where('id', '<>', accountId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Serialises contact changes of one account with each other. */
  lockAccount(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async updateAccountContact(
    accountId: string,
    channel: CodeChannel,
    value: string,
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set(
        channel === 'email'
          ? { email: value, email_changed_at: at }
          : { phone_number: value, phone_changed_at: at },
      )
      .where('id', '=', accountId)
      .execute();
  }

  /** Replaces the member's avatar whole (a repeated upload of the same image changes only the time). */
  async saveAvatar(
    accountId: string,
    contentType: AvatarContentType,
    image: Buffer,
    at: Date,
  ): Promise<void> {
    await this.db
      .insertInto('account_avatars')
      .values({ account_id: accountId, content_type: contentType, image, updated_at: at })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ content_type: contentType, image, updated_at: at }),
      )
      .execute();
  }

  findAvatar(accountId: string) {
    return this.db
      .selectFrom('account_avatars')
      .select(['content_type', 'image', 'updated_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async avatarUpdatedAt(accountId: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('account_avatars')
      .select('updated_at')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.updated_at;
  }

  /** The access-token guard's cached copy of the account is re-read on its next request (this process). */
  forgetCachedMember(accountId: string): void {
    memberLookup(this.db).forget(accountId);
  }

  async insertAccount(account: NewAccount): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  async insertSession(session: NewAuthSession): Promise<void> {
    await this.db.insertInto('auth_sessions').values(session).execute();
  }

  /** Ends a member's unfinished sessions of one purpose, so only the newest request can be confirmed. */
  async expireOpenSessions(accountId: string, purpose: SessionPurpose, at: Date): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ expires_at: at })
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('completed_at', 'is', null)
      .where('expires_at', '>', at)
      .execute();
  }

  findSession(id: string): Promise<AuthSessionRow | undefined> {
    return this.db.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Serialises the two sign-up verifications of one session, so exactly one of them completes it. */
  lockSession(id: string): Promise<AuthSessionRow | undefined> {
    return this.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async markChannelVerified(sessionId: string, channel: CodeChannel, at: Date): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set(channel === 'email' ? { email_verified_at: at } : { phone_verified_at: at })
      .where('id', '=', sessionId)
      .execute();
  }

  async completeSession(sessionId: string, accountId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ completed_at: at, account_id: accountId })
      .where('id', '=', sessionId)
      .execute();
  }

  async insertCode(code: NewAuthCode): Promise<void> {
    await this.db
      .insertInto('auth_codes')
      .values({ ...code, failed_attempts: 0, consumed_at: null, superseded_at: null })
      .execute();
  }

  liveCode(sessionId: string, channel: CodeChannel): Promise<AuthCodeRow | undefined> {
    return this.db
      .selectFrom('auth_codes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('channel', '=', channel)
      .where('superseded_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async supersedeCode(codeId: string, at: Date): Promise<void> {
    await this.db.updateTable('auth_codes').set({ superseded_at: at }).where('id', '=', codeId).execute();
  }

  async recordFailedAttempt(codeId: string): Promise<number> {
    const row = await this.db
      .updateTable('auth_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', codeId)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    return row.failed_attempts;
  }

  async consumeCode(codeId: string, at: Date): Promise<void> {
    await this.db.updateTable('auth_codes').set({ consumed_at: at }).where('id', '=', codeId).execute();
  }

  async insertRefreshFamily(family: { id: string; accountId: string; createdAt: Date; expiresAt: Date }) {
    await this.db
      .insertInto('refresh_token_families')
      .values({
        id: family.id,
        account_id: family.accountId,
        created_at: family.createdAt,
        expires_at: family.expiresAt,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
  }

  async insertRefreshToken(token: { tokenHash: string; familyId: string; issuedAt: Date }) {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: token.tokenHash,
        family_id: token.familyId,
        issued_at: token.issuedAt,
        used_at: null,
      })
      .execute();
  }

  /** Locks the token's family row: rotations of one family run one at a time. */
  async lockRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('refresh_token_families as f', 'f.id', 't.family_id')
      .select([
        't.token_hash',
        't.used_at',
        'f.id as family_id',
        'f.account_id',
        'f.expires_at',
        'f.revoked_at',
      ])
      .where('t.token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        usedAt: row.used_at,
        familyId: row.family_id,
        accountId: row.account_id,
        familyExpiresAt: row.expires_at,
        familyRevokedAt: row.revoked_at,
      }
    );
  }

  async markRefreshTokenUsed(tokenHash: string, at: Date): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** Ends every sign-in of the account but `keep` (the one making the request, when known). */
  async revokeOtherRefreshFamilies(accountId: string, keep: string | undefined, at: Date, reason: string) {
    let query = this.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: at, revoked_reason: reason })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null);
    if (keep) query = query.where('id', '<>', keep);
    await query.execute();
  }

  async revokeRefreshFamily(familyId: string, at: Date, reason: string): Promise<void> {
    await this.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: at, revoked_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Deletes code sessions (sign-up, login, contact change; their codes go with them) and refresh-token families (their tokens
   * go with them) that expired before `before`. Nothing in them can be used any more.
   */
  async purgeExpired(before: Date): Promise<{ sessions: number; refreshFamilies: number }> {
    const sessions = await this.db
      .deleteFrom('auth_sessions')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    const families = await this.db
      .deleteFrom('refresh_token_families')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), refreshFamilies: Number(families.numDeletedRows) };
  }
}
