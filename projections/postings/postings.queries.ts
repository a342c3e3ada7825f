import type { Kysely } from 'kysely';

export interface AccountBalance {
  account: string;
  /** Debits positive, credits negative (docs/ledger.md "Accounts and postings"). */
  balanceCents: number;
}

/** Every account's balance, by name. */
export async function accountBalances(db: Kysely<any>): Promise<AccountBalance[]> {
  const rows = await db
    .selectFrom('postings')
    .select(['account', (eb) => eb.fn.sum<string>('amount_cents').as('balance')])
    .groupBy('account')
    .orderBy('account')
    .execute();
  return rows.map((row) => ({ account: row.account as string, balanceCents: Number(row.balance) }));
}
