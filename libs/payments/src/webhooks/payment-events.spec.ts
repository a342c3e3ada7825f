import type { PaymentEvent } from '../payments.port';
import { connectedAccountOf } from './payment-events';

const event = (type: string, object: unknown) =>
  ({ id: 'evt_1', type, data: { object } }) as unknown as PaymentEvent;

describe('connectedAccountOf', () => {
  it("reads an account.updated event's account in the port's terms", () => {
    expect(
      connectedAccountOf(
        event('account.updated', {
          id: 'acct_1',
          charges_enabled: true,
          payouts_enabled: false,
          details_submitted: true,
          metadata: { charityId: 'c-1' },
        }),
      ),
    ).toEqual({
      id: 'acct_1',
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      charityId: 'c-1',
    });
  });

  it('answers undefined for other events, and no charity when the metadata has none', () => {
    expect(connectedAccountOf(event('payout.paid', { id: 'po_1' }))).toBeUndefined();
    expect(connectedAccountOf(event('account.updated', { id: 'acct_2', metadata: {} }))).toMatchObject({
      charityId: null,
      payoutsEnabled: false,
    });
  });
});
