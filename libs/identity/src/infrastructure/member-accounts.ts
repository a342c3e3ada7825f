import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

interface AccountStatusTables {
  accounts: {
    id: string;
    email: string;
    username: string;
    referral_code: string;
    referred_by_code: string | null;
    referral_option: 1 | 2 | null;
    created_at: Date;
    closed_at: Date | null;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What other contexts may ask about a member's account (referrals: is it still open; billing: where to bill). */
@Injectable()
export class MemberAccounts {
  constructor(@Inject(DATABASE) private readonly db: Kysely<AccountStatusTables>) {}

  /** An account that exists and was not closed. */
  async isActive(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('accounts')
      .select('closed_at')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row !== undefined && row.closed_at === null;
  }

  /** Which of these members closed their account (billing's reconciliation, issue 21). One indexed read. */
  async closedAmong(memberIds: readonly string[]): Promise<Set<string>> {
    // Ids come from the provider's metadata: only a uuid can name an account.
    const ids = memberIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('id', 'in', ids)
      .where('closed_at', 'is not', null)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The open account whose referral code this is (a code compares case-insensitively). */
  async findByReferralCode(code: string): Promise<{ id: string; username: string } | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'username'])
      .where((eb) => eb(eb.fn('upper', ['referral_code']), '=', code.toUpperCase()))
      .where('closed_at', 'is', null)
      .executeTakeFirst();
  }

  findContact(memberId: string): Promise<{ email: string; username: string } | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['email', 'username'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  /**
   * The member's own referral code, and the code and link option (1 recurring, 2 one-time) they signed up
   * with, if any (referrals: who referred them, in which mode).
   */
  referralOf(memberId: string): Promise<
    | {
        username: string;
        referralCode: string;
        referredByCode: string | null;
        referralOption: 1 | 2 | null;
        createdAt: Date;
      }
    | undefined
  > {
    return this.db
      .selectFrom('accounts')
      .select([
        'username',
        'referral_code as referralCode',
        'referred_by_code as referredByCode',
        'referral_option as referralOption',
        'created_at as createdAt',
      ])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }
}
