import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CodeChannel } from '../domain/one-time-code';
import type { AccountRow, IdentityTables } from './identity.tables';
import { memberLookup } from './member.queries';

/** A new account: its addresses have not changed yet. */
export type NewAccount = Omit<
  IdentityTables['accounts'],
  'email_changed_at' | 'phone_changed_at' | 'closed_at' | 'erase_after' | 'erased_at'
>;

const PG_UNIQUE_VIOLATION = '23505';

/** Which unique column a failed insert collided on, if that was the failure. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === PG_UNIQUE_VIOLATION ? (pgError.constraint ?? '') : undefined;
}

/** Accounts: who a member is and the addresses codes go to. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findByPhone(phoneNumber: string): Promise<AccountRow | undefined> {
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

  /**
   * The open account whose referral code this is, as typed or in capitals (issued codes are capitals):
   * two lookups at most on the unique index, whatever the number of accounts.
   */
  findOpenByReferralCode(code: string): Promise<Pick<AccountRow, 'id' | 'referral_code'> | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'referral_code'])
      .where('referral_code', 'in', [...new Set([code, code.toUpperCase()])])
      .where('closed_at', 'is', null)
      .orderBy('referral_code')
      .executeTakeFirst();
  }

  /** Whether any account holds this email (case-insensitively) or phone. */
  async contactHeld(channel: CodeChannel, value: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('accounts')
      .select('id')
      .where(channel === 'email' ? 'email' : 'phone_number', '=', value)
      .executeTakeFirst();
    return row !== undefined;
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
  lock(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async insert(account: NewAccount): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  async updateContact(accountId: string, channel: CodeChannel, value: string, at: Date): Promise<void> {
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

  /** The access-token guard's cached copy of the account is re-read on its next request (this process). */
  forgetCachedMember(accountId: string): void {
    memberLookup(this.db).forget(accountId);
  }
}
