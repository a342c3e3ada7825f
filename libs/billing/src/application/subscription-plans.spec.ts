import type { MemberSubscriptionRow } from '@arena/projections/subscriptions/subscriptions.queries';
import { planOfRow } from './subscription-plans';

const end = new Date('2026-12-01T00:00:00.000Z');
const before = new Date('2026-11-30T23:59:59.000Z');
const row = (over: Partial<MemberSubscriptionRow> = {}): MemberSubscriptionRow => ({
  member_id: 'm1',
  plan: 'PREMIUM',
  status: 'active',
  current_period_end: end,
  cancel_at_period_end: false,
  ends_at: null,
  ended: false,
  customer_id: 'cus_1',
  subscription_id: 'sub_1',
  price_cents: 499,
  updated_at: end,
  ...over,
});

describe("the plan gate over the subscriptions read model (tournaments' MemberPlans)", () => {
  it('counts a paid plan, active or past due, until its period ends', () => {
    expect(planOfRow(row(), before)).toBe('PREMIUM');
    expect(planOfRow(row({ status: 'past_due', plan: 'PREMIUM_PLUS' }), before)).toBe('PREMIUM_PLUS');
    expect(planOfRow(row(), end)).toBe('FREE');
  });

  it('is Free with no row, an ended or incomplete subscription, or past a canceled end', () => {
    expect(planOfRow(null, before)).toBe('FREE');
    expect(planOfRow(row({ ended: true, status: 'canceled' }), before)).toBe('FREE');
    expect(planOfRow(row({ status: 'incomplete' }), before)).toBe('FREE');
    const canceled = row({ cancel_at_period_end: true, ends_at: new Date('2026-11-20T00:00:00.000Z') });
    expect(planOfRow(canceled, new Date('2026-11-19T00:00:00.000Z'))).toBe('PREMIUM');
    expect(planOfRow(canceled, new Date('2026-11-21T00:00:00.000Z'))).toBe('FREE');
  });
});
