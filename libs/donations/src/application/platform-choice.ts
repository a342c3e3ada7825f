import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { GlobalPosition } from '@arena/event-store';
import { DonationLog } from './donation-log';
import { PayoutCharities, type PayoutCharity } from './payout-charities';

/**
 * Where Charity Arena directs money nobody directed (a share past its days, a pool gift): the verified
 * charity winners directed the most to over the last DONATION_DIRECT_AFTER_DAYS days, else the verified
 * charity that received the most; ties by lowest EIN. Null when no charity is verified yet.
 */
@Injectable()
export class PlatformChoice {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly log: DonationLog,
    private readonly charities: PayoutCharities,
  ) {}

  /** `asOf`: the job's start (the store's head then): the totals include everything written before it. */
  async choose(now: Date, asOf?: GlobalPosition): Promise<PayoutCharity | null> {
    const { byWinners, all } = await this.log.directedTotals(
      now,
      this.config.DONATION_DIRECT_AFTER_DAYS,
      asOf,
    );
    return (await this.best(byWinners)) ?? (await this.best(all));
  }

  private async best(totals: Map<string, number>): Promise<PayoutCharity | null> {
    const ranked = [...totals].sort(([einA, a], [einB, b]) => b - a || einA.localeCompare(einB));
    for (const [ein] of ranked) {
      const charity = await this.charities.verified(ein);
      if (charity) return charity;
    }
    return null;
  }
}
