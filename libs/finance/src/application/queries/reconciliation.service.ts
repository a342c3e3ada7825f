import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { ReconciliationReport } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { payoutFailures, type DonationsTables } from '@arena/projections/donations/donations.queries';
import { Payments, type BalanceTransaction } from '@arena/payments';
import { reconcile } from '../../domain/reconciliation';
import { DonationEventsReader } from './donation-events.reader';

const DAY_MS = 24 * 60 * 60_000;
/** Without dates: the last 31 days. */
export const DEFAULT_RANGE_DAYS = 31;
/** One report reads at most this many days of the provider's balance transactions. */
export const MAX_RANGE_DAYS = 93;
const PAGE = 100;

export class ReconciliationRangeError extends Error {}

/** The period asked (`from`, `to` as dates, `to` inclusive), checked and defaulted. */
export function reconciliationRange(query: { from?: string; to?: string }, now: Date) {
  const day = (value: string) => new Date(`${value}T00:00:00.000Z`);
  const to = query.to ? new Date(day(query.to).getTime() + DAY_MS) : now;
  const from = query.from ? day(query.from) : new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
    throw new ReconciliationRangeError('from must be a date before to');
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw new ReconciliationRangeError(`A reconciliation covers at most ${MAX_RANGE_DAYS} days`);
  }
  return { from, to };
}

/**
 * The ledger against the provider's balance transactions of a period (issue 20): the provider's are read
 * page by page for [from, to) only; each is looked up in the whole ledger (a refund this month of a gift
 * of last month is explained), and a ledger fact of the period is missed only if the provider has none.
 */
@Injectable()
export class ReconciliationService {
  constructor(
    private readonly ledger: DonationEventsReader,
    private readonly payments: Payments,
    @Inject(DATABASE) private readonly db: Kysely<DonationsTables>,
  ) {}

  async report(
    query: { from?: string; to?: string } = {},
    now: Date = new Date(),
  ): Promise<ReconciliationReport> {
    const range = reconciliationRange(query, now);
    const [events, transactions, flagged] = await Promise.all([
      this.ledger.moneyEvents(),
      this.providerOf(range),
      payoutFailures(this.db),
    ]);
    const result = reconcile(events, transactions, range);
    return {
      generatedAt: now.toISOString(),
      provider: this.payments.mode,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      ...result,
      payoutFailures: flagged,
    };
  }

  private async providerOf(range: { from: Date; to: Date }): Promise<BalanceTransaction[]> {
    const found: BalanceTransaction[] = [];
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.payments.listBalanceTransactions({ ...range, startingAfter, limit: PAGE });
      found.push(...page.data);
      if (!page.hasMore || page.data.length === 0) return found;
      startingAfter = page.data.at(-1)!.id;
    }
  }
}
