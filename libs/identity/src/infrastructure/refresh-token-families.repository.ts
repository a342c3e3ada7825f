import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { IdentityTables } from './identity.tables';

/** Where a sign-in was made from, as the request that created it said. */
export interface SignInDevice {
  userAgent: string | null;
  ip: string | null;
}

/** A sign-in still in use: not revoked, not past its absolute lifetime. */
export interface ActiveSignIn {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface RefreshTokenRecord {
  tokenHash: string;
  usedAt: Date | null;
  successorSealed: string | null;
  familyId: string;
  accountId: string;
  familyExpiresAt: Date;
  familyRevokedAt: Date | null;
}

/** A sign-in: one refresh-token family and the tokens it rotated through. */
@Injectable()
export class RefreshTokenFamiliesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  async insertFamily(family: {
    id: string;
    accountId: string;
    createdAt: Date;
    expiresAt: Date;
    device?: SignInDevice;
  }) {
    await this.db
      .insertInto('refresh_token_families')
      .values({
        id: family.id,
        account_id: family.accountId,
        created_at: family.createdAt,
        expires_at: family.expiresAt,
        revoked_at: null,
        revoked_reason: null,
        user_agent: family.device?.userAgent ?? null,
        ip_address: family.device?.ip ?? null,
      })
      .execute();
  }

  async insertToken(token: { tokenHash: string; familyId: string; issuedAt: Date }) {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: token.tokenHash,
        family_id: token.familyId,
        issued_at: token.issuedAt,
        used_at: null,
        successor_sealed: null,
      })
      .execute();
  }

  /** Locks the token's family row: rotations of one family run one at a time. */
  async lockToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('refresh_token_families as f', 'f.id', 't.family_id')
      .select([
        't.token_hash',
        't.used_at',
        't.successor_sealed',
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
        successorSealed: row.successor_sealed,
        familyId: row.family_id,
        accountId: row.account_id,
        familyExpiresAt: row.expires_at,
        familyRevokedAt: row.revoked_at,
      }
    );
  }

  /** Spends the token, keeping the sealed pair it was rotated into for the grace period. */
  async markTokenUsed(tokenHash: string, at: Date, successorSealed: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at, successor_sealed: successorSealed })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** Ends every sign-in of the account but `keep` (the one making the request, when known); returns those ended. */
  async revokeOthers(
    accountId: string,
    keep: string | undefined,
    at: Date,
    reason: string,
  ): Promise<string[]> {
    let query = this.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: at, revoked_reason: reason })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null);
    if (keep) query = query.where('id', '<>', keep);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  /** The account's sign-ins that can still refresh, newest use first; last use is the newest token issued. */
  async listActive(accountId: string, now: Date): Promise<ActiveSignIn[]> {
    const rows = await this.db
      .selectFrom('refresh_token_families as f')
      .leftJoin('refresh_tokens as t', 't.family_id', 'f.id')
      .select((eb) => [
        'f.id',
        'f.created_at',
        'f.user_agent',
        'f.ip_address',
        eb.fn.coalesce(eb.fn.max('t.issued_at'), 'f.created_at').as('last_used_at'),
      ])
      .where('f.account_id', '=', accountId)
      .where('f.revoked_at', 'is', null)
      .where('f.expires_at', '>', now)
      .groupBy('f.id')
      .orderBy('last_used_at', 'desc')
      .orderBy('f.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastUsedAt: new Date(row.last_used_at),
      userAgent: row.user_agent,
      ipAddress: row.ip_address,
    }));
  }

  async revoke(familyId: string, at: Date, reason: string): Promise<void> {
    await this.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: at, revoked_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Deletes families (their tokens go with them) that expired before `before`. */
  async purgeExpired(before: Date): Promise<number> {
    const deleted = await this.db
      .deleteFrom('refresh_token_families')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
