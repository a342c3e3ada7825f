import type { Kysely } from 'kysely';
import { maskProviderId, type MemberTransaction } from '@arena/contracts';

export interface MemberTransactionRow {
  id: string;
  member_id: string;
  at: Date;
  type: MemberTransaction['type'];
  description: string;
  amount_cents: string | number;
  status: string;
  /** An invoice, charge or transfer of the provider (masked when shown), or our receipt code. */
  reference: string | null;
  charge_id: string | null;
}

export interface MemberTransactionsTables {
  member_transactions: MemberTransactionRow;
}

/** The most a member's list answers. */
export const MEMBER_TRANSACTIONS_LIMIT = 500;

/** Provider ids (in_…, ch_…, tr_…) are masked; our own receipt codes (R-…) are shown whole. */
const shownReference = (reference: string | null) =>
  reference && /^[a-z]+_/.test(reference) ? maskProviderId(reference) : reference;

/** GET /api/account/transactions: the member's movements, newest first, at most 500. */
export async function memberTransactions(
  db: Kysely<MemberTransactionsTables>,
  memberId: string,
): Promise<MemberTransaction[]> {
  const rows = await db
    .selectFrom('member_transactions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(MEMBER_TRANSACTIONS_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    date: row.at.toISOString(),
    type: row.type,
    description: row.description,
    amountCents: Number(row.amount_cents),
    status: row.status,
    reference: shownReference(row.reference),
  }));
}
