import type { Kysely } from 'kysely';
import type { Member } from './member';

interface AccountsTable {
  accounts: { id: string; username: string; closed_at: Date | null };
}

/** How long a found account is trusted without asking the database again. */
export const MEMBER_CACHE_TTL_MS = 30_000;
const MEMBER_CACHE_LIMIT = 10_000;

/**
 * The account behind a token's subject. Found accounts are cached briefly per database handle: every
 * authenticated call needs this, and a deleted account loses access within the TTL (its access token
 * expires within 15 minutes anyway).
 */
class MemberLookup {
  private readonly cache = new Map<string, { member: Member; until: number }>();

  constructor(private readonly db: Kysely<AccountsTable>) {}

  async find(id: string, now = Date.now()): Promise<Member | undefined> {
    const cached = this.cache.get(id);
    if (cached && cached.until > now) return cached.member;
    const account = await this.db
      .selectFrom('accounts')
      .select(['id', 'username'])
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    this.cache.delete(id);
    // A closed account is no member: its tokens are refused (its sign-ins also ended at once).
    if (!account) return undefined;
    if (this.cache.size >= MEMBER_CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    const member = { id: account.id, username: account.username };
    this.cache.set(id, { member, until: now + MEMBER_CACHE_TTL_MS });
    return member;
  }

  /** After the account changed: the next request reads it afresh. */
  forget(id: string): void {
    this.cache.delete(id);
  }
}

const lookups = new WeakMap<Kysely<any>, MemberLookup>();

export function memberLookup(db: Kysely<any>): MemberLookup {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = new MemberLookup(db)));
  return lookup;
}
