import { randomUUID } from 'node:crypto';
import { charityStreamId, type CharityEvent } from '@arena/charities/events';
import { InMemoryEventStore } from '@arena/testing';
import { PayoutCharities } from './payout-charities';

const ein = '530196605';
const at = '2026-11-23T10:00:00.000Z';
const charityId = randomUUID();

const started: CharityEvent = {
  type: 'CharityOnboardingStarted',
  data: {
    charityId,
    ein,
    organizationName: 'American Red Cross',
    description: '',
    category: 'nonprofit',
    email: 'office@example.org',
    managerId: randomUUID(),
    address: null,
    city: null,
    state: null,
    zipCode: null,
    at,
  },
};
const linked: CharityEvent = {
  type: 'CharityPaymentAccountLinked',
  data: { charityId, stripeAccountId: 'acct_red', at },
};
const payoutsEnabled = (stripeAccountId: string, enabled: boolean, providerCreated: number): CharityEvent =>
  ({
    type: 'CharityPaymentAccountUpdated',
    data: {
      charityId,
      stripeAccountId,
      chargesEnabled: enabled,
      payoutsEnabled: enabled,
      detailsSubmitted: true,
      providerCreated,
      at,
    },
  }) as CharityEvent;
const emailVerified: CharityEvent = {
  type: 'CharityEmailVerified',
  data: { charityId, email: 'office@example.org', at },
};

async function charityWith(events: CharityEvent[]) {
  const store = new InMemoryEventStore();
  if (events.length === 0) return new PayoutCharities(store);
  await store.appendToStream(
    charityStreamId(ein),
    events.map((event) => ({ id: randomUUID(), ...event })),
  );
  return new PayoutCharities(store);
}

/** Transfers go only to a charity the charities context calls verified: payouts enabled and email confirmed. */
describe('PayoutCharities', () => {
  it('is unknown before onboarding starts', async () => {
    expect(await (await charityWith([])).verified(ein)).toBeNull();
  });

  it('refuses a charity whose payouts are enabled but whose email is not confirmed', async () => {
    const charities = await charityWith([started, linked, payoutsEnabled('acct_red', true, 1)]);
    expect(await charities.verified(ein)).toBeNull();
    expect(await charities.find(ein)).toEqual(expect.objectContaining({ payoutVerified: false }));
  });

  it('refuses a charity whose email is confirmed but whose payouts are not enabled', async () => {
    const charities = await charityWith([
      started,
      linked,
      emailVerified,
      payoutsEnabled('acct_red', false, 1),
    ]);
    expect(await charities.verified(ein)).toBeNull();
  });

  it('pays a verified charity to its linked account, and not on an update of another account', async () => {
    const verified = await charityWith([started, linked, payoutsEnabled('acct_red', true, 1), emailVerified]);
    expect(await verified.verified(ein)).toEqual({
      ein,
      name: 'American Red Cross',
      stripeAccountId: 'acct_red',
      payoutVerified: true,
    });
    const otherAccount = await charityWith([
      started,
      linked,
      payoutsEnabled('acct_other', true, 1),
      emailVerified,
    ]);
    expect(await otherAccount.verified(ein)).toBeNull();
  });

  describe('issue 21: an operator confirms or ends a charity', () => {
    const approved: CharityEvent = {
      type: 'CharityReviewApproved',
      data: { charityId, operator: 'ops', note: 'confirmed by phone', at },
    };
    const closed: CharityEvent = {
      type: 'CharityOnboardingClosed',
      data: { charityId, cause: 'RELEASED', managerId: randomUUID(), operator: 'ops', note: 'contested', at },
    };

    it('pays a charity an operator approved instead of the email code', async () => {
      const charities = await charityWith([started, linked, payoutsEnabled('acct_red', true, 1), approved]);
      expect(await charities.verified(ein)).toEqual(expect.objectContaining({ stripeAccountId: 'acct_red' }));
    });

    it('pays no charity an operator rejected or released, nor the next claimant until verified', async () => {
      const verifiedThenReleased = [
        started,
        linked,
        payoutsEnabled('acct_red', true, 1),
        emailVerified,
        closed,
      ];
      expect(await (await charityWith(verifiedThenReleased)).verified(ein)).toBeNull();
      const reclaimed: CharityEvent = {
        ...started,
        data: { ...started.data, charityId: randomUUID() },
      } as CharityEvent;
      expect(await (await charityWith([...verifiedThenReleased, reclaimed])).verified(ein)).toBeNull();
    });
  });
});
