import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';

interface PlansTables {
  transfer_window_plans: {
    window_id: string;
    ein: string;
    attempt: number;
    donation_ids: string[];
    amount_cents: string | number;
    created_at: Date;
  };
}

export interface WindowPlan {
  windowId: string;
  ein: string;
  attempt: number;
  donationIds: string[];
  amountCents: number;
  /** When the first run fixed it (issue 20: past the provider's 24 h idempotency window, look the transfer up first). */
  createdAt?: Date;
}

type PlanRow = PlansTables['transfer_window_plans'];

const planOf = (row: PlanRow): WindowPlan => ({
  windowId: row.window_id,
  ein: row.ein,
  attempt: row.attempt,
  donationIds: row.donation_ids,
  amountCents: Number(row.amount_cents),
  createdAt: row.created_at,
});

/** A window's transfer plan per charity: the first run's plan wins, a re-run reads it back. */
@Injectable()
export class TransferWindowPlansRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<PlansTables>) {}

  async fix(plan: WindowPlan): Promise<WindowPlan> {
    await this.db
      .insertInto('transfer_window_plans')
      .values({
        window_id: plan.windowId,
        ein: plan.ein,
        attempt: plan.attempt,
        donation_ids: plan.donationIds,
        amount_cents: plan.amountCents,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['window_id', 'ein']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('transfer_window_plans')
      .selectAll()
      .where('window_id', '=', plan.windowId)
      .where('ein', '=', plan.ein)
      .executeTakeFirstOrThrow();
    return planOf(row);
  }

  /** A plan the provider refused outright (nothing was made): a re-run of its window plans again. */
  async remove(windowId: string, ein: string): Promise<void> {
    await this.db
      .deleteFrom('transfer_window_plans')
      .where('window_id', '=', windowId)
      .where('ein', '=', ein)
      .execute();
  }

  /**
   * Plans of other windows whose transfer was never recorded (no donation_transfers row of theirs since the
   * plan): a run that died, or a provider failure whose outcome is unknown (the transfer may exist). Oldest first.
   */
  async unfinishedOutside(windowId: string): Promise<WindowPlan[]> {
    const rows = await this.db
      .selectFrom('transfer_window_plans as p')
      .selectAll('p')
      .where('p.window_id', '<>', windowId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('donation_transfers as t' as never)
              .select(sql`1`.as('one'))
              .where(sql<boolean>`t.donation_id = ANY(p.donation_ids) AND t.created_at >= p.created_at`),
          ),
        ),
      )
      .orderBy('p.created_at')
      .execute();
    return rows.map(planOf);
  }

  async ofWindow(windowId: string): Promise<WindowPlan[]> {
    const rows = await this.db
      .selectFrom('transfer_window_plans')
      .selectAll()
      .where('window_id', '=', windowId)
      .execute();
    return rows.map(planOf);
  }
}
