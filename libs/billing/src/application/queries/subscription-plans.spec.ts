import { planAt, type SubscriptionRecord, type SubscriptionView } from '../../domain/subscription.view';

const end = '2026-12-01T00:00:00.000Z';
const before = new Date('2026-11-30T23:59:59.000Z');
const view = (over: Partial<SubscriptionRecord> | null = {}): SubscriptionView => ({
  customerId: 'cus_1',
  payments: [],
  live: [],
  duplicateIds: [],
  current:
    over === null
      ? null
      : {
          subscriptionId: 'sub_1',
          customerId: 'cus_1',
          planType: 'PREMIUM',
          priceCents: 499,
          status: 'active',
          currentPeriodEnd: end,
          cancelAtPeriodEnd: false,
          endsAt: null,
          ended: false,
          started: true,
          startedAt: null,
          duplicate: false,
          ...over,
        },
});

describe("the plan gate (tournaments' MemberPlans)", () => {
  it('counts a paid plan, active or past due, until its period ends', () => {
    expect(planAt(view(), before)).toBe('PREMIUM');
    expect(planAt(view({ status: 'past_due', planType: 'PREMIUM_PLUS' }), before)).toBe('PREMIUM_PLUS');
    expect(planAt(view(), new Date(end))).toBe('FREE');
  });

  it('is Free with no subscription, an ended or incomplete one, or past a canceled end', () => {
    expect(planAt(view(null), before)).toBe('FREE');
    expect(planAt(view({ ended: true, status: 'canceled' }), before)).toBe('FREE');
    expect(planAt(view({ status: 'incomplete' }), before)).toBe('FREE');
    const canceled = view({ cancelAtPeriodEnd: true, endsAt: '2026-11-20T00:00:00.000Z' });
    expect(planAt(canceled, new Date('2026-11-19T00:00:00.000Z'))).toBe('PREMIUM');
    expect(planAt(canceled, new Date('2026-11-21T00:00:00.000Z'))).toBe('FREE');
  });
});
