import fc from 'fast-check';
import type { DonationCommand } from '../../libs/donations/src/domain/donation.commands';
import {
  decide,
  evolve,
  initialState,
  type DonationState,
} from '../../libs/donations/src/domain/donation.decider';
import {
  Accounts,
  evolvePostingState,
  normalSide,
  postingsFor,
  type PostedEvent,
  type PostingSet,
  type PostingState,
} from '../../projections/postings/posting-rules';

/**
 * Issue 20: the posting sets of a gift's refunds and disputes, before and after its transfer, driven through
 * the donation decider itself (so only histories it accepts are posted).
 */
const EIN = '530196605';
const donationId = 'd-charges';
const at = '2026-11-24T09:00:00.000Z';
const REVENUE = 10_000;

function post(events: PostedEvent[]) {
  let state: PostingState = new Map();
  const sets: PostingSet[] = [];
  const balances = new Map<string, number>();
  const overdrawn: string[] = [];
  for (const event of events) {
    for (const set of postingsFor(event, state)) {
      sets.push(set);
      for (const { account, amountCents } of set.postings) {
        const balance = (balances.get(account) ?? 0) + amountCents;
        balances.set(account, balance);
        const side = normalSide(account);
        if ((side === 'debit' && balance < 0) || (side === 'credit' && balance > 0)) overdrawn.push(account);
      }
    }
    state = evolvePostingState(state, event);
  }
  return { sets, balances, overdrawn };
}

type Step =
  | { kind: 'direct' }
  | { kind: 'transfer' }
  | { kind: 'clear' }
  | { kind: 'refund'; cents: number }
  | { kind: 'dispute' }
  | { kind: 'close'; outcome: 'won' | 'lost' };

/** Runs the steps through the decider (a refused step is skipped), answering the events it appended. */
function run(amountCents: number, steps: Step[]): PostedEvent[] {
  let state: DonationState = initialState;
  // The platform's own money (a subscription's payment): what pays a refund after the transfer.
  const events: PostedEvent[] = [
    {
      id: 'revenue',
      type: 'SubscriptionPaymentSucceeded',
      data: { amountPaidCents: REVENUE, invoiceId: 'in_1', memberId: 'm-1' },
    } as PostedEvent,
  ];
  let refunded = 0;
  let n = 0;
  const apply = (command: DonationCommand) => {
    let appended;
    try {
      appended = decide(command, state);
    } catch {
      return;
    }
    for (const event of appended) {
      state = evolve(state, event);
      events.push({ ...event, id: `e${n++}` } as PostedEvent);
    }
  };
  apply({
    type: 'ReceiveGift',
    data: {
      donationId,
      amountCents,
      currency: 'usd',
      donorEmail: null,
      donorMemberId: null,
      charityEin: null,
      charityName: null,
      directedBy: { kind: 'donor', memberId: null, displayName: null },
      checkoutSessionId: 'cs_1',
      paymentIntentId: 'pi_1',
      providerEventId: 'evt_0',
      receiptCode: 'R-CHARGES',
      receivedAt: at,
    },
  });
  for (const step of steps) {
    const donation = state!;
    if (step.kind === 'direct' && donation.status === 'received') {
      apply({
        type: 'DirectDonation',
        data: {
          donationId,
          amountCents: donation.amountCents,
          charityEin: EIN,
          charityName: 'Red Cross',
          directedBy: { kind: 'platform', reason: 'donation-pool' },
          source: { kind: 'gift', checkoutSessionId: 'cs_1' },
          receiptCode: 'R-CHARGES',
          directedAt: at,
        },
      });
    } else if (step.kind === 'transfer') {
      apply({
        type: 'InitiateTransfer',
        data: {
          donationId,
          windowId: 'w',
          transferId: 'tr_1',
          charityEin: EIN,
          stripeAccountId: 'acct_1',
          amountCents: donation.amountCents,
          transferAmountCents: donation.amountCents,
          initiatedAt: at,
        },
      });
    } else if (step.kind === 'clear') {
      apply({
        type: 'ClearPayout',
        data: { donationId, transferId: 'tr_1', providerEventId: 'evt_c', clearedAt: at },
      });
    } else if (step.kind === 'refund') {
      const total = Math.min(refunded + step.cents, amountCents);
      apply({
        type: 'RefundGift',
        data: {
          donationId,
          chargeId: 'ch_1',
          paymentIntentId: 'pi_1',
          totalRefundedCents: total,
          providerEventId: `evt_r${total}`,
          refundedAt: at,
        },
      });
      refunded = state!.refundedCents;
    } else if (step.kind === 'dispute') {
      apply({
        type: 'DisputeGift',
        data: {
          donationId,
          chargeId: 'ch_1',
          disputeId: 'du_1',
          amountCents: amountCents - refunded,
          providerEventId: 'evt_d',
          disputedAt: at,
        },
      });
    } else if (step.kind === 'close') {
      apply({
        type: 'CloseGiftDispute',
        data: {
          donationId,
          chargeId: 'ch_1',
          disputeId: 'du_1',
          outcome: step.outcome,
          providerEventId: `evt_${step.outcome}`,
          closedAt: at,
        },
      });
    }
  }
  return events;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'direct' }),
  fc.constant<Step>({ kind: 'transfer' }),
  fc.constant<Step>({ kind: 'clear' }),
  fc.integer({ min: 1, max: 3000 }).map((cents): Step => ({ kind: 'refund', cents })),
  fc.constant<Step>({ kind: 'dispute' }),
  fc.constantFrom<'won' | 'lost'>('won', 'lost').map((outcome): Step => ({ kind: 'close', outcome })),
);

describe('postingsFor: refunds and disputes of a gift (issue 20)', () => {
  it('on 5,000 random histories the decider accepts: balanced sets, no account crosses its side, cash is what the provider holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.array(step, { maxLength: 12 }), (amount, steps) => {
        const events = run(amount, steps);
        const { sets, balances, overdrawn } = post(events);
        const balanced = sets.every((set) => set.postings.reduce((sum, p) => sum + p.amountCents, 0) === 0);
        // Cash at the provider: received, less refunds, less what a dispute holds or lost, less what was sent.
        let cash = REVENUE;
        for (const event of events) {
          if (event.type === 'DonationReceived') cash += event.data.amountCents;
          if (event.type === 'GiftRefunded') cash -= event.data.amountCents;
          if (event.type === 'GiftDisputed') cash -= event.data.amountCents;
          if (event.type === 'GiftDisputeClosed' && event.data.outcome === 'won')
            cash += event.data.amountCents;
          if (event.type === 'DonationTransferInitiated') cash -= event.data.amountCents;
        }
        const pending =
          events.some((e) => e.type === 'GiftDisputed') &&
          !events.some((e) => e.type === 'GiftDisputeClosed');
        const disputed = balances.get(Accounts.disputedAtProvider) ?? 0;
        return (
          balanced &&
          overdrawn.length === 0 &&
          (balances.get(Accounts.cashAtProvider) ?? 0) === cash &&
          (pending ? disputed > 0 : disputed === 0)
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('a refund before the transfer takes the money back from what is owed to the charity', () => {
    const events = run(2500, [
      { kind: 'direct' },
      { kind: 'refund', cents: 1000 },
      { kind: 'transfer' },
      { kind: 'clear' },
    ]);
    const { sets, balances } = post(events);
    expect(
      sets.find((set) => set.eventId === events.find((e) => e.type === 'GiftRefunded')!.id)!.postings,
    ).toEqual([
      { account: `charity_payable:${EIN}`, amountCents: 1000 },
      { account: 'cash_at_provider', amountCents: -1000 },
    ]);
    expect(balances.get(`charity_paid:${EIN}`)).toBe(1500);
    expect(balances.get(`charity_payable:${EIN}`)).toBe(-1500);
    expect(balances.get('cash_at_provider')).toBe(REVENUE);
  });

  it('a refund after the transfer is a platform loss; the charity keeps the money', () => {
    const events = run(2500, [
      { kind: 'direct' },
      { kind: 'transfer' },
      { kind: 'clear' },
      { kind: 'refund', cents: 2500 },
    ]);
    const { balances } = post(events);
    expect(balances.get('platform_expense')).toBe(2500);
    expect(balances.get(`charity_paid:${EIN}`)).toBe(2500);
    expect(balances.get('cash_at_provider')).toBe(REVENUE - 2500);
  });

  it('a dispute withdraws the amount; won reinstates it, lost before the transfer takes it off the donation', () => {
    const won = post(
      run(2500, [{ kind: 'direct' }, { kind: 'dispute' }, { kind: 'close', outcome: 'won' }]),
    ).balances;
    expect(won.get('cash_at_provider')).toBe(REVENUE + 2500);
    expect(won.get('disputed_at_provider')).toBe(0);
    const lost = post(
      run(2500, [{ kind: 'direct' }, { kind: 'dispute' }, { kind: 'close', outcome: 'lost' }]),
    ).balances;
    expect(lost.get('cash_at_provider')).toBe(REVENUE);
    expect(lost.get('disputed_at_provider')).toBe(0);
    expect(lost.get(`charity_payable:${EIN}`)).toBe(0);
  });
});
