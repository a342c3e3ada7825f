import { sql, type Transaction } from 'kysely';
import { PaymentsError } from '../payments.errors';
import type { Transfer } from '../payments.port';
import type { LocalEventOutbox } from './local-event-outbox';
import type { LocalAccountRow, LocalPaymentsQueries, LocalTransferRow } from './local-payments.queries';
import {
  localEvent,
  localId,
  localTransferObject,
  type LocalTransferReversalObject,
} from './local-stripe-objects';

/**
 * Issue 20 (Connect money): what Stripe does with separate charges and transfers, on the local driver's
 * tables (migration 20261127180000-LocalConnectMoney). A transfer lands on the connected account as a
 * `payment` balance transaction (source a `py_local_…` charge naming the transfer in source_transfer); a
 * payout (`runPayouts`) sweeps what the account holds to its bank: `payout.created`, then `payout.paid`, or
 * `payout.failed` for Stripe's failing test bank numbers, whose funds return as a `payout_failure` that a later
 * payout sweeps; a reversal (`reverseTransfer`) takes money back from the account to the platform. Stripe has
 * no `transfer.paid`/`transfer.failed`: a transfer is final when created.
 */

interface AccountBalanceTransactionRow {
  id: string;
  account_id: string;
  type: 'payment' | 'payment_refund' | 'payout' | 'payout_failure';
  amount_cents: number;
  source_id: string;
  source_transfer: string | null;
  payout_id: string | null;
  created_at: Date;
}

export interface PayoutRow {
  id: string;
  account_id: string;
  amount_cents: number;
  status: 'paid' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  bank_account_last4: string | null;
  created_at: Date;
}

export interface TransferReversalRow {
  id: string;
  transfer_id: string;
  amount_cents: number;
  created_at: Date;
}

interface ConnectMoneyTables {
  payment_local_accounts: LocalAccountRow;
  payment_local_transfers: LocalTransferRow;
  payment_local_transfer_reversals: TransferReversalRow;
  payment_local_payouts: PayoutRow;
  payment_local_account_balance_transactions: AccountBalanceTransactionRow;
  payment_local_balance_transactions: {
    id: string;
    type: string;
    amount_cents: number;
    source_id: string;
    created_at: Date;
  };
  payment_local_events: { id: string; type: string; payload: string };
}

type Trx = Transaction<ConnectMoneyTables>;
const asTrx = (trx: unknown) => trx as Trx;

/**
 * Stripe's test bank account numbers whose payouts fail (https://docs.stripe.com/connect/testing#payouts),
 * by their last four digits, with the failure_code and failure_message Stripe gives.
 */
export const FAILING_BANK_ACCOUNTS: Readonly<Record<string, { code: string; message: string }>> = {
  '1116': {
    code: 'no_account',
    message:
      'The bank account details on file are probably incorrect. No bank account could be located with those details.',
  },
  '1113': { code: 'account_closed', message: 'The bank account has been closed.' },
  '2227': {
    code: 'insufficient_funds',
    message: 'The bank account has insufficient funds to cover the payout.',
  },
  '3335': {
    code: 'debit_not_authorized',
    message: 'Debit transactions are not approved on the bank account.',
  },
  '4440': {
    code: 'invalid_currency',
    message: 'The bank was unable to process this payout because of its currency.',
  },
};

/** Stripe's refusal of a transfer to an account without the transfers capability. */
export const TRANSFERS_CAPABILITY_MESSAGE =
  'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface LocalPayoutOutcome {
  payoutId: string;
  accountId: string;
  amountCents: number;
  status: 'paid' | 'failed';
}

export function localPayoutObject(row: PayoutRow, balanceTransactionId: string, failureTxnId: string | null) {
  return {
    id: row.id,
    object: 'payout' as const,
    amount: row.amount_cents,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: seconds(row.created_at),
    automatic: true,
    balance_transaction: balanceTransactionId,
    created: seconds(row.created_at),
    currency: 'usd',
    description: 'STRIPE PAYOUT',
    destination: `ba_local_${row.account_id.slice(-24)}`,
    failure_balance_transaction: failureTxnId,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    livemode: false,
    metadata: {},
    method: 'standard' as const,
    original_payout: null,
    reconciliation_status: row.status === 'paid' ? ('completed' as const) : ('not_applicable' as const),
    reversed_by: null,
    source_type: 'card' as const,
    statement_descriptor: null,
    status: row.status,
    type: 'bank_account' as const,
  };
}

export const localTransferReversalObject = (
  row: TransferReversalRow,
  refundId: string | null,
): LocalTransferReversalObject => ({
  id: row.id,
  object: 'transfer_reversal',
  amount: row.amount_cents,
  balance_transaction: null,
  created: seconds(row.created_at),
  currency: 'usd',
  destination_payment_refund: refundId,
  metadata: {},
  source_refund: null,
  transfer: row.transfer_id,
});

const toTransfer = (row: LocalTransferRow): Transfer => ({
  id: row.id,
  amountCents: row.amount_cents,
  destinationAccountId: row.destination_account_id,
});

export class LocalConnectMoney {
  constructor(
    private readonly queries: LocalPaymentsQueries,
    private readonly outbox: LocalEventOutbox,
  ) {}

  /** Stripe refuses (at creation) a transfer to an account without an active `transfers` capability. */
  static checkDestination(account: LocalAccountRow): void {
    // The local account's transfers capability is active exactly when its payouts are (see localAccountObject).
    if (!account.payouts_enabled) throw new PaymentsError('invalid', TRANSFERS_CAPABILITY_MESSAGE);
  }

  /** In the transfer's transaction: the money lands on the destination, a `payment` whose source is `pyId`. */
  async land(trx: unknown, transfer: LocalTransferRow, pyId: string): Promise<void> {
    await asTrx(trx)
      .insertInto('payment_local_account_balance_transactions')
      .values({
        id: localId('txn'),
        account_id: transfer.destination_account_id,
        type: 'payment',
        amount_cents: transfer.amount_cents,
        source_id: pyId,
        source_transfer: transfer.id,
      } as AccountBalanceTransactionRow)
      .onConflict((conflict) => conflict.columns(['type', 'source_id']).doNothing())
      .execute();
  }

  /** The transfer's reversals, newest first (as Stripe lists them), for its object. */
  async reversalsOf(trx: unknown, transferId: string): Promise<LocalTransferReversalObject[]> {
    const rows = await asTrx(trx)
      .selectFrom('payment_local_transfer_reversals')
      .selectAll()
      .where('transfer_id', '=', transferId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const refunds = await this.refundIdsOf(
      trx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => localTransferReversalObject(row, refunds.get(row.id) ?? null));
  }

  private async refundIdsOf(trx: unknown, reversalIds: string[]): Promise<Map<string, string>> {
    if (reversalIds.length === 0) return new Map();
    // The destination's `payment_refund` for reversal trr_X has the source pyr_X's id, recorded as `pyr:trr`.
    const rows = await asTrx(trx)
      .selectFrom('payment_local_account_balance_transactions')
      .select(['source_id', 'source_transfer'])
      .where('type', '=', 'payment_refund')
      .where('source_transfer', 'in', reversalIds)
      .execute();
    return new Map(rows.map((row) => [row.source_transfer!, row.source_id]));
  }

  /**
   * An operator's (or a test's) reversal of a transfer, in full (no amount: what is left) or in part: a
   * `trr_local_…`, the platform's `transfer_reversal` (+) and the account's `payment_refund` (−; its balance may
   * go negative, as Stripe lets it), and `transfer.reversed` with `amount_reversed` and `reversals`. More than is
   * left, or a bad amount, is `invalid`, as Stripe refuses it. Reversals of one transfer run one at a time.
   */
  async reverseTransfer(
    transferId: string,
    amountCents?: number,
  ): Promise<{ reversalId: string; amountCents: number }> {
    if (
      amountCents !== undefined &&
      (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > 99_999_999)
    ) {
      throw new PaymentsError('invalid', 'The amount must be a whole number of cents from 1 to 99999999');
    }
    const done = await this.queries.transaction(async (raw) => {
      const trx = asTrx(raw);
      const transfer = await trx
        .selectFrom('payment_local_transfers')
        .selectAll()
        .where('id', '=', transferId)
        .forUpdate()
        .executeTakeFirst();
      if (!transfer) throw new PaymentsError('not_found', `No such transfer: '${transferId}'`);
      const left = transfer.amount_cents - transfer.amount_reversed;
      if (left === 0) {
        throw new PaymentsError('invalid', `The transfer ${transferId} is already fully reversed.`);
      }
      const amount = amountCents ?? left;
      if (amount > left) {
        throw new PaymentsError(
          'invalid',
          `Amount (${amount}) is greater than the amount left to reverse on this transfer (${left}).`,
        );
      }
      const reversal = await trx
        .insertInto('payment_local_transfer_reversals')
        .values({ id: localId('trr'), transfer_id: transferId, amount_cents: amount } as TransferReversalRow)
        .returningAll()
        .executeTakeFirstOrThrow();
      const updated = await trx
        .updateTable('payment_local_transfers')
        .set({
          amount_reversed: sql<number>`amount_reversed + ${amount}`,
          reversed: sql<boolean>`amount_reversed + ${amount} = amount_cents`,
        })
        .where('id', '=', transferId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('payment_local_balance_transactions')
        .values({
          id: localId('txn'),
          type: 'transfer_reversal',
          amount_cents: amount,
          source_id: reversal.id,
        } as never)
        .execute();
      await trx
        .insertInto('payment_local_account_balance_transactions')
        .values({
          id: localId('txn'),
          account_id: transfer.destination_account_id,
          type: 'payment_refund',
          amount_cents: -amount,
          source_id: localId('pyr'),
          // Which reversal it is (the refund of the destination's payment that the reversal made).
          source_transfer: reversal.id,
        } as AccountBalanceTransactionRow)
        .execute();
      const event = localEvent(
        'transfer.reversed',
        localTransferObject(updated, await this.reversalsOf(trx, transferId)),
      );
      await this.queries.insertEvent(raw, { id: event.id, type: event.type, payload: event });
      return { reversalId: reversal.id, amountCents: amount, eventId: event.id };
    });
    await this.outbox.queueDelivery(done.eventId);
    return { reversalId: done.reversalId, amountCents: done.amountCents };
  }

  /**
   * Stripe's automatic payouts, now: each connected account with payouts enabled whose balance is positive
   * is paid out in full (`po_local_…`, sweeping every transaction not yet paid out), `payout.created` then
   * `payout.paid`; to one of Stripe's failing test bank accounts `payout.failed` (failure_code, failure_message),
   * its funds back on the balance as a `payout_failure` that a later payout carries. An account whose last payout
   * failed to the bank account it still has is not paid out again until its bank details change (Stripe pauses
   * payouts to a failed external account). Events carry `account` (the Connect endpoint). Safe to run at once
   * from several processes: each account's row is locked while it is paid out.
   */
  async runPayouts(now = new Date()): Promise<LocalPayoutOutcome[]> {
    const ids = await this.queries.transaction((raw) =>
      asTrx(raw)
        .selectFrom('payment_local_accounts')
        .select('id')
        .where('payouts_enabled', '=', true)
        .orderBy('id')
        .execute(),
    );
    const outcomes: LocalPayoutOutcome[] = [];
    for (const { id } of ids) {
      const paid = await this.payOut(id, now);
      if (!paid) continue;
      for (const eventId of paid.eventIds) await this.outbox.queueDelivery(eventId);
      outcomes.push(paid.outcome);
    }
    return outcomes;
  }

  private payOut(accountId: string, now: Date) {
    return this.queries.transaction(async (raw) => {
      const trx = asTrx(raw);
      const account = await trx
        .selectFrom('payment_local_accounts')
        .selectAll()
        .where('id', '=', accountId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (!account.payouts_enabled) return undefined;
      const last = await trx
        .selectFrom('payment_local_payouts')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (last?.status === 'failed' && last.bank_account_last4 === account.bank_account_last4)
        return undefined;
      const unswept = await trx
        .selectFrom('payment_local_account_balance_transactions')
        .select(['id', 'amount_cents'])
        .where('account_id', '=', accountId)
        .where('payout_id', 'is', null)
        .execute();
      const amount = unswept.reduce((sum, row) => sum + row.amount_cents, 0);
      if (amount <= 0) return undefined;
      const failure = FAILING_BANK_ACCOUNTS[account.bank_account_last4 ?? ''] ?? null;
      const payout = await trx
        .insertInto('payment_local_payouts')
        .values({
          id: localId('po'),
          account_id: accountId,
          amount_cents: amount,
          status: failure ? 'failed' : 'paid',
          failure_code: failure?.code ?? null,
          failure_message: failure?.message ?? null,
          bank_account_last4: account.bank_account_last4,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('payment_local_account_balance_transactions')
        .set({ payout_id: payout.id })
        .where(
          'id',
          'in',
          unswept.map((row) => row.id),
        )
        .execute();
      const payoutTxn = localId('txn');
      await trx
        .insertInto('payment_local_account_balance_transactions')
        .values({
          id: payoutTxn,
          account_id: accountId,
          type: 'payout',
          amount_cents: -amount,
          source_id: payout.id,
          source_transfer: null,
          payout_id: payout.id,
          created_at: now,
        })
        .execute();
      let failureTxn: string | null = null;
      if (failure) {
        failureTxn = localId('txn');
        await trx
          .insertInto('payment_local_account_balance_transactions')
          .values({
            id: failureTxn,
            account_id: accountId,
            type: 'payout_failure',
            amount_cents: amount,
            source_id: payout.id,
            source_transfer: null,
            payout_id: null,
            created_at: now,
          })
          .execute();
      }
      const created = localEvent(
        'payout.created',
        {
          ...localPayoutObject(payout, payoutTxn, null),
          status: 'pending',
          failure_code: null,
          failure_message: null,
        },
        now,
        accountId,
      );
      const settled = localEvent(
        failure ? 'payout.failed' : 'payout.paid',
        localPayoutObject(payout, payoutTxn, failureTxn),
        now,
        accountId,
      );
      for (const event of [created, settled]) {
        await this.queries.insertEvent(raw, { id: event.id, type: event.type, payload: event });
      }
      return {
        eventIds: [created.id, settled.id],
        outcome: { payoutId: payout.id, accountId, amountCents: amount, status: payout.status },
      };
    });
  }

  /**
   * The account's bank account is now `accountNumber` (what a representative's update of their payout details
   * does; the demo seed and tests use Stripe's failing test numbers, e.g. 000111111116). Only its last four digits
   * are kept. A bank account other than the one a payout failed to lets payouts run again.
   */
  async changeBankAccount(accountId: string, accountNumber: string): Promise<void> {
    if (!/^\d{4,17}$/.test(accountNumber)) {
      throw new PaymentsError('invalid', 'The account number must be 4 to 17 digits');
    }
    const updated = await this.queries.transaction((raw) =>
      asTrx(raw)
        .updateTable('payment_local_accounts')
        .set({ bank_account_last4: accountNumber.slice(-4) })
        .where('id', '=', accountId)
        .executeTakeFirst(),
    );
    if (updated.numUpdatedRows === 0n) throw new PaymentsError('not_found', `No such account: ${accountId}`);
  }

  /** See Payments.transfersCarriedByPayout: the payout's `payment`s, and those of failed payouts it carried. */
  async transfersCarriedByPayout(input: { accountId: string; payoutId: string }): Promise<string[]> {
    return this.queries.transaction(async (raw) => {
      const trx = asTrx(raw);
      const payout = await trx
        .selectFrom('payment_local_payouts')
        .select('id')
        .where('id', '=', input.payoutId)
        .where('account_id', '=', input.accountId)
        .executeTakeFirst();
      if (!payout) throw new PaymentsError('not_found', `No such payout: '${input.payoutId}'`);
      const transfers = new Set<string>();
      const visited = new Set<string>();
      const queue = [input.payoutId];
      while (queue.length > 0) {
        const payoutId = queue.shift()!;
        if (visited.has(payoutId)) continue;
        visited.add(payoutId);
        const rows = await trx
          .selectFrom('payment_local_account_balance_transactions')
          .selectAll()
          .where('account_id', '=', input.accountId)
          .where('payout_id', '=', payoutId)
          .execute();
        for (const row of rows) {
          if (row.type === 'payment' && row.source_transfer) transfers.add(row.source_transfer);
          if (row.type === 'payout_failure') queue.push(row.source_id);
        }
      }
      return [...transfers];
    });
  }

  /** See Payments.findTransfer. */
  async findTransfer(input: { transferGroup: string; idempotencyKey: string }): Promise<Transfer | null> {
    const row = await this.queries.transaction((raw) =>
      asTrx(raw)
        .selectFrom('payment_local_transfers')
        .selectAll()
        .where('transfer_group', '=', input.transferGroup)
        .where(sql<string>`metadata ->> 'idempotencyKey'`, '=', input.idempotencyKey)
        .orderBy('created_at')
        .executeTakeFirst(),
    );
    return row ? toTransfer(row) : null;
  }
}
