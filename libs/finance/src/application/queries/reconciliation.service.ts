import { Injectable } from '@nestjs/common';
import type { ReconciliationReport } from '@arena/contracts';
import { Payments } from '@arena/payments';
import { reconcile } from '../../domain/reconciliation';
import { DonationEventsReader } from './donation-events.reader';

/** The whole history: the provider's balance transactions since the epoch against every money event. */
@Injectable()
export class ReconciliationService {
  constructor(
    private readonly ledger: DonationEventsReader,
    private readonly payments: Payments,
  ) {}

  async report(now: Date = new Date()): Promise<ReconciliationReport> {
    const [events, transactions] = await Promise.all([
      this.ledger.all(),
      this.payments.listBalanceTransactions(new Date(0)),
    ]);
    const result = reconcile(
      events.map((e) => e.event),
      transactions,
    );
    return { generatedAt: now.toISOString(), provider: this.payments.mode, ...result };
  }
}
