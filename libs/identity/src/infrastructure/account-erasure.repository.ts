import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { erasedName } from '../domain/account.messages';
import type { AccountRow, IdentityTables } from './identity.tables';

/** `endedSignIns`: every sign-in the closure ended (again on a repeat, so a retry can end them in Redis too). */
export interface Closure {
  closed: boolean;
  eraseAfter: Date;
  endedSignIns: string[];
}

export type Erasure =
  | { outcome: 'erased'; name: string }
  | { outcome: 'already-erased' }
  | { outcome: 'not-closed' }
  | { outcome: 'not-due'; eraseAfter: Date };

/**
 * Closing an account and, 30 days later, erasing its personal data. Both are one conditional update of
 * the account row, so repeats and concurrent calls close once and erase once.
 */
@Injectable()
export class AccountErasureRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  /** Closes the account and ends every sign-in in one transaction; an account already closed keeps its dates. */
  close(account: AccountRow, at: Date, eraseAfter: Date): Promise<Closure> {
    return this.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('accounts')
        .set({ closed_at: at, erase_after: eraseAfter })
        .where('id', '=', account.id)
        .where('closed_at', 'is', null)
        .returning('erase_after')
        .executeTakeFirst();
      if (!closed) {
        const row = await trx
          .selectFrom('accounts')
          .select('erase_after')
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow();
        const ended = await trx
          .selectFrom('refresh_token_families')
          .select('id')
          .where('account_id', '=', account.id)
          .where('revoked_reason', '=', 'account_closed')
          .execute();
        return {
          closed: false,
          eraseAfter: row.erase_after ?? eraseAfter,
          endedSignIns: ended.map((family) => family.id),
        };
      }
      const ended = await trx
        .updateTable('refresh_token_families')
        .set({ revoked_at: at, revoked_reason: 'account_closed' })
        .where('account_id', '=', account.id)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return { closed: true, eraseAfter: closed.erase_after!, endedSignIns: ended.map((row) => row.id) };
    });
  }

  /**
   * Replaces the account's username, email and phone with placeholders and deletes what else is personal
   * (avatar, sign-ins, code sessions, favorites, likes, roles, messages to its addresses); ledger events
   * and the read models built from them stay, and show the erased name (`erased_members`).
   */
  erase(accountId: string, now: Date): Promise<Erasure> {
    return this.db.transaction().execute(async (trx) => {
      const account = await trx
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!account || !account.closed_at) return { outcome: 'not-closed' };
      if (account.erased_at) return { outcome: 'already-erased' };
      if (account.erase_after && account.erase_after > now) {
        return { outcome: 'not-due', eraseAfter: account.erase_after };
      }
      const name = erasedName(accountId);
      await trx
        .updateTable('accounts')
        .set({
          username: name,
          email: `${name}-${accountId}@erased.invalid`,
          phone_number: `erased-${accountId}`,
          referred_by_code: null,
          terms_accepted_at: null,
          erased_at: now,
        })
        .where('id', '=', accountId)
        .execute();
      const forAccount = (table: string, column = 'account_id') =>
        sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${accountId}`.execute(trx);
      await forAccount('account_avatars');
      await forAccount('refresh_token_families');
      await forAccount('auth_sessions');
      await forAccount('charity_favorites');
      await forAccount('impact_story_likes', 'member_id');
      await forAccount('member_roles', 'member_id');
      await sql`DELETE FROM notification_outbox WHERE lower(recipient) IN (lower(${account.email}), ${account.phone_number})`.execute(
        trx,
      );
      await trx
        .insertInto('erased_members')
        .values({ member_id: accountId, erased_name: name, erased_at: now })
        .onConflict((conflict) => conflict.column('member_id').doNothing())
        .execute();
      return { outcome: 'erased', name };
    });
  }
}
