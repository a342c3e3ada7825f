import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely, type Transaction } from 'kysely';
import { DATABASE } from '@arena/database';

export interface LocalAccountRow {
  id: string;
  idempotency_key: string;
  /** The charity whose payouts it takes; null for a member's referral payout account. */
  charity_id: string | null;
  /** The member whose referral payouts it takes (issue 13); null for a charity's. */
  member_id: string | null;
  ein: string;
  organization_name: string;
  email: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  representative_name: string | null;
  bank_routing_number: string | null;
  bank_account_last4: string | null;
  created_at: Date;
  submitted_at: Date | null;
}

export interface LocalLinkRow {
  token_hash: string;
  account_id: string;
  return_url: string;
  refresh_url: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface LocalEventRow {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
  delivered_at: Date | null;
  attempts: number;
  last_error: string | null;
}

export interface LocalCheckoutSessionRow {
  id: string;
  idempotency_key: string;
  amount_cents: number;
  email: string | null;
  description: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired' | 'cancelled';
  /** 'subscription' for a plan's checkout (issue 13): it starts a subscription when paid. */
  mode: 'payment' | 'subscription';
  plan_type: string | null;
  /** The customer paying (given, or made when a subscription-mode session is paid). */
  customer_id: string | null;
  /** The subscription a paid subscription-mode session started. */
  subscription_id: string | null;
  payment_intent_id: string;
  /** What the payer typed on the page. */
  paid_email: string | null;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

export interface LocalCheckoutTokenRow {
  token_hash: string;
  session_id: string;
  created_at: Date;
  used_at: Date | null;
}

export interface LocalTransferRow {
  id: string;
  idempotency_key: string;
  amount_cents: number;
  destination_account_id: string;
  transfer_group: string;
  metadata: Record<string, string>;
  reversed: boolean;
  /** Issue 20: the charge that funds it (Stripe's source_transaction), its `py_` on the destination, and how much of it was reversed. */
  source_transaction: string | null;
  destination_payment: string | null;
  amount_reversed: number;
  created_at: Date;
}

export interface LocalBalanceTransactionRow {
  id: string;
  /** Stripe's balance transaction types; a dispute's withdrawal and reinstatement are both `adjustment`. */
  type: 'charge' | 'transfer' | 'transfer_reversal' | 'refund' | 'adjustment' | (string & {});
  amount_cents: number;
  source_id: string;
  created_at: Date;
}

interface LocalPaymentsTables {
  payment_local_accounts: LocalAccountRow;
  payment_local_checkout_sessions: LocalCheckoutSessionRow;
  payment_local_checkout_tokens: LocalCheckoutTokenRow;
  payment_local_transfers: LocalTransferRow;
  payment_local_balance_transactions: LocalBalanceTransactionRow;
  payment_local_account_links: LocalLinkRow;
  payment_local_events: LocalEventRow;
}

export interface OnboardingDetails {
  representativeName: string;
  routingNumber: string;
  accountLast4: string;
}

/** The local driver's state: the accounts it plays the provider for, their links and the events it sends. */
@Injectable()
export class LocalPaymentsQueries {
  constructor(@Inject(DATABASE) private readonly db: Kysely<LocalPaymentsTables>) {}

  /** Inserts the account unless its idempotency key was used; answers the account of that key either way. */
  async insertAccount(
    account: Pick<
      LocalAccountRow,
      'id' | 'idempotency_key' | 'charity_id' | 'ein' | 'organization_name' | 'email'
    > &
      Partial<Pick<LocalAccountRow, 'member_id'>>,
  ): Promise<LocalAccountRow> {
    await this.db
      .insertInto('payment_local_accounts')
      .values(account as LocalAccountRow)
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .execute();
    return this.db
      .selectFrom('payment_local_accounts')
      .selectAll()
      .where('idempotency_key', '=', account.idempotency_key)
      .executeTakeFirstOrThrow();
  }

  findAccount(id: string): Promise<LocalAccountRow | undefined> {
    return this.db.selectFrom('payment_local_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertLink(
    link: Pick<LocalLinkRow, 'token_hash' | 'account_id' | 'return_url' | 'refresh_url' | 'expires_at'>,
  ) {
    await this.db
      .insertInto('payment_local_account_links')
      .values(link as LocalLinkRow)
      .execute();
  }

  findLink(tokenHash: string): Promise<LocalLinkRow | undefined> {
    return this.db
      .selectFrom('payment_local_account_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Uses the link once, in the caller's transaction: the row is answered only to the one caller that
   * marked it used while it was still unused and unexpired.
   */
  async useLink(trx: Transaction<LocalPaymentsTables>, tokenHash: string, accountId: string) {
    return trx
      .updateTable('payment_local_account_links')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
  }

  async submitDetails(trx: Transaction<LocalPaymentsTables>, accountId: string, details: OnboardingDetails) {
    return trx
      .updateTable('payment_local_accounts')
      .set({
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        representative_name: details.representativeName,
        bank_routing_number: details.routingNumber,
        bank_account_last4: details.accountLast4,
        submitted_at: sql<Date>`now()`,
      })
      .where('id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertEvent(
    trx: Transaction<LocalPaymentsTables> | Kysely<LocalPaymentsTables>,
    event: { id: string; type: string; payload: unknown },
  ) {
    // clock_timestamp(), not the transaction's now(): events written in one transaction (payout.created then
    // payout.paid) keep their order, for the outbox's delivery and for readers ordering by it.
    await trx
      .insertInto('payment_local_events')
      .values({
        id: event.id,
        type: event.type,
        payload: JSON.stringify(event.payload),
        created_at: sql`clock_timestamp()`,
      } as never)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** Inserts the session unless its idempotency key was used; answers the session of that key either way. */
  async insertCheckoutSession(
    session: Omit<
      LocalCheckoutSessionRow,
      | 'status'
      | 'paid_email'
      | 'created_at'
      | 'completed_at'
      | 'mode'
      | 'plan_type'
      | 'customer_id'
      | 'subscription_id'
    > &
      Partial<Pick<LocalCheckoutSessionRow, 'mode' | 'plan_type' | 'customer_id'>>,
  ): Promise<LocalCheckoutSessionRow> {
    await this.db
      .insertInto('payment_local_checkout_sessions')
      .values({ ...session, metadata: JSON.stringify(session.metadata) } as never)
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .execute();
    return this.db
      .selectFrom('payment_local_checkout_sessions')
      .selectAll()
      .where('idempotency_key', '=', session.idempotency_key)
      .executeTakeFirstOrThrow();
  }

  findCheckoutSession(id: string): Promise<LocalCheckoutSessionRow | undefined> {
    return this.db
      .selectFrom('payment_local_checkout_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * An open session past its time becomes expired (as Stripe expires it): answers it only to the caller
   * that expired it (who records `checkout.session.expired`), undefined otherwise.
   */
  expireCheckoutSessionIfDue(
    id: string,
    trx: Transaction<LocalPaymentsTables>,
  ): Promise<LocalCheckoutSessionRow | undefined> {
    return trx
      .updateTable('payment_local_checkout_sessions')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('expires_at', '<=', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
  }

  /** An open session expired now, whatever its time (issue 21: a newer checkout replaces it). */
  expireOpenCheckoutSession(
    id: string,
    trx: Transaction<LocalPaymentsTables>,
  ): Promise<LocalCheckoutSessionRow | undefined> {
    return trx
      .updateTable('payment_local_checkout_sessions')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
  }

  /** Every open session past its time, expired in the caller's transaction. */
  expireDueCheckoutSessions(trx: Transaction<LocalPaymentsTables>): Promise<LocalCheckoutSessionRow[]> {
    return trx
      .updateTable('payment_local_checkout_sessions')
      .set({ status: 'expired' })
      .where('status', '=', 'open')
      .where('expires_at', '<=', sql<Date>`now()`)
      .returningAll()
      .execute();
  }

  async chargeOfPaymentIntent(paymentIntentId: string): Promise<string | undefined> {
    const row = await (
      this.db as unknown as Kysely<{ payment_local_charges: { id: string; payment_intent_id: string } }>
    )
      .selectFrom('payment_local_charges')
      .select('id')
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirst();
    return row?.id;
  }

  async insertCheckoutToken(token: Pick<LocalCheckoutTokenRow, 'token_hash' | 'session_id'>) {
    await this.db
      .insertInto('payment_local_checkout_tokens')
      .values(token as LocalCheckoutTokenRow)
      .execute();
  }

  findCheckoutToken(tokenHash: string): Promise<LocalCheckoutTokenRow | undefined> {
    return this.db
      .selectFrom('payment_local_checkout_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Spends the form's token, in the caller's transaction: true only for the one caller that spent it. */
  async useCheckoutToken(trx: Transaction<LocalPaymentsTables>, tokenHash: string, sessionId: string) {
    const used = await trx
      .updateTable('payment_local_checkout_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  }

  /**
   * Moves an open, unexpired session to `status` in the caller's transaction; answers it only to the one
   * caller that moved it (a row lock orders concurrent payers, and the others see it no longer open).
   */
  closeCheckoutSession(
    trx: Transaction<LocalPaymentsTables>,
    sessionId: string,
    change: { status: 'complete'; paidEmail: string } | { status: 'cancelled' },
  ): Promise<LocalCheckoutSessionRow | undefined> {
    return trx
      .updateTable('payment_local_checkout_sessions')
      .set(
        change.status === 'complete'
          ? { status: 'complete', paid_email: change.paidEmail, completed_at: sql<Date>`now()` }
          : { status: 'cancelled' },
      )
      .where('id', '=', sessionId)
      .where('status', '=', 'open')
      .where('expires_at', '>', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
  }

  /** Inserts the transfer unless its idempotency key was used: the row only to the caller that inserted it. */
  insertTransfer(
    trx: Transaction<LocalPaymentsTables>,
    transfer: Omit<LocalTransferRow, 'reversed' | 'created_at' | 'amount_reversed'>,
  ): Promise<LocalTransferRow | undefined> {
    return trx
      .insertInto('payment_local_transfers')
      .values({ ...transfer, metadata: JSON.stringify(transfer.metadata) } as never)
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findTransferByKey(idempotencyKey: string): Promise<LocalTransferRow | undefined> {
    return this.db
      .selectFrom('payment_local_transfers')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  reverseTransfer(trx: Transaction<LocalPaymentsTables>, id: string): Promise<LocalTransferRow> {
    return trx
      .updateTable('payment_local_transfers')
      .set({ reversed: true })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * One balance transaction per (type, source): recording it again adds nothing. A dispute's adjustments
   * (withdrawal, reinstatement) share their `du_` source and are not deduplicated here.
   */
  async insertBalanceTransaction(
    trx: Transaction<LocalPaymentsTables>,
    row: Pick<LocalBalanceTransactionRow, 'id' | 'type' | 'amount_cents' | 'source_id'>,
  ) {
    await trx
      .insertInto('payment_local_balance_transactions')
      .values(row as LocalBalanceTransactionRow)
      .onConflict((conflict) =>
        conflict.columns(['type', 'source_id']).where('type', '<>', 'adjustment').doNothing(),
      )
      .execute();
  }

  /**
   * Balance transactions created in [from, to), newest first, after the `startingAfter` one; a charge's,
   * refund's or dispute's with the payment intent of its charge (as Stripe's expanded source names it).
   */
  async listBalanceTransactions(query: {
    from: Date;
    to: Date;
    startingAfter?: string;
    limit: number;
  }): Promise<(LocalBalanceTransactionRow & { payment_intent_id: string | null })[]> {
    const after = query.startingAfter
      ? await this.db
          .selectFrom('payment_local_balance_transactions')
          .select(['id', 'created_at'])
          .where('id', '=', query.startingAfter)
          .executeTakeFirst()
      : undefined;
    if (query.startingAfter && !after) return [];
    const result = await sql<LocalBalanceTransactionRow & { payment_intent_id: string | null }>`
      SELECT t.*, coalesce(c.payment_intent_id, rc.payment_intent_id, dc.payment_intent_id) AS payment_intent_id
      FROM payment_local_balance_transactions t
      LEFT JOIN payment_local_charges c ON t.type = 'charge' AND c.id = t.source_id
      LEFT JOIN payment_local_refunds r ON t.type = 'refund' AND r.id = t.source_id
      LEFT JOIN payment_local_charges rc ON rc.id = r.charge_id
      LEFT JOIN payment_local_disputes d ON t.type = 'adjustment' AND d.id = t.source_id
      LEFT JOIN payment_local_charges dc ON dc.id = d.charge_id
      WHERE t.created_at >= ${query.from} AND t.created_at < ${query.to}
        ${after ? sql`AND (t.created_at, t.id) < (${after.created_at}, ${after.id})` : sql``}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${query.limit}`.execute(this.db);
    return result.rows;
  }

  transaction<T>(run: (trx: Transaction<LocalPaymentsTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(run);
  }

  findEvent(id: string): Promise<LocalEventRow | undefined> {
    return this.db.selectFrom('payment_local_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Events of these types not delivered yet, oldest first. */
  undeliveredEvents(types: readonly string[]): Promise<LocalEventRow[]> {
    if (types.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('payment_local_events')
      .selectAll()
      .where('delivered_at', 'is', null)
      .where('type', 'in', types)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** False when another run delivered it first. */
  async markEventDelivered(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payment_local_events')
      .set({ delivered_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1`, last_error: null })
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recordEventFailure(id: string, error: string): Promise<void> {
    await this.db
      .updateTable('payment_local_events')
      .set({ attempts: sql<number>`attempts + 1`, last_error: error.slice(0, 2000) })
      .where('id', '=', id)
      .execute();
  }

  listUndeliveredEvents(createdAfter: Date, createdBefore: Date, limit: number) {
    return this.db
      .selectFrom('payment_local_events')
      .select(['id'])
      .where('delivered_at', 'is', null)
      .where('created_at', '>', createdAfter)
      .where('created_at', '<', createdBefore)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }
}
