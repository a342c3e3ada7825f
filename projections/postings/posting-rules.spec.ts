import fc from 'fast-check';
import {
  Accounts,
  evolvePostingState,
  normalSide,
  postingsFor,
  type PostedEvent,
  type PostingSet,
  type PostingState,
} from './posting-rules';

const EINS = ['530196605', '131624100', '941156365'];
const [RED_CROSS] = EINS as [string, ...string[]];
const MEMBERS = ['m-ada', 'm-ben'];
const AT = '2026-11-23T12:00:00.000Z';

/** What a step of the random history tries to do; steps that do not fit the history so far are skipped. */
const step = fc.record({
  kind: fc.constantFrom(
    'gift',
    'direct-pool',
    'prize',
    'direct-balance',
    'initiate',
    'clear',
    'fail',
    'stale',
    'subscription-payment',
    'refund',
    'referral-payout',
    'payout-fail',
    'reverse',
  ),
  pick: fc.nat(50),
  ein: fc.constantFrom(...EINS),
  member: fc.constantFrom(...MEMBERS),
  dollars: fc.integer({ min: 1, max: 10_000 }),
  directed: fc.boolean(),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface ModelDonation {
  id: string;
  amountCents: number;
  ein: string | null;
  status: 'pool' | 'held' | 'pending' | 'cleared' | 'reversed';
  transferId: string | null;
  /** Issue 20: of its transfer, what is on the charity's Stripe balance, what its payouts took to its bank. */
  inTransit: number;
  paid: number;
  /** The payout that cleared it (a bank's return of that payout flags it and moves it back). */
  clearedBy: string | null;
  /** Transfers this donation was in that have since failed (a late report of one must post nothing). */
  pastTransfers: string[];
}

/** A valid order of money events, built by a small model of the donation life cycle (spec §4). */
interface Money {
  /** Subscription payments less their refunds: the platform's revenue. */
  revenueCents: number;
  /** Referral rewards paid out: the platform's expense. */
  expenseCents: number;
}

function history(steps: Step[]): { events: PostedEvent[]; donations: ModelDonation[]; money: Money } {
  const events: PostedEvent[] = [];
  const donations: ModelDonation[] = [];
  const money: Money = { revenueCents: 0, expenseCents: 0 };
  const payments: { chargeId: string; memberId: string; amountCents: number; refundedCents: number }[] = [];
  const balances = new Map<string, number>();
  const emit = (event: Omit<PostedEvent, 'id'>) =>
    events.push({ ...event, id: `e${events.length}` } as PostedEvent);
  const pick = <T>(items: T[], n: number) => (items.length ? items[n % items.length] : undefined);
  const directed = (d: ModelDonation, ein: string, source: never) =>
    emit({
      type: 'DonationDirected',
      data: {
        donationId: d.id,
        amountCents: d.amountCents,
        charityEin: ein,
        charityName: ein,
        directedBy: { kind: 'platform', reason: 'donation-pool' },
        source,
        receiptCode: `R-${d.id}`,
        directedAt: AT,
      },
    });
  const open = (amountCents: number, ein: string | null, status: ModelDonation['status']) => {
    const d: ModelDonation = {
      id: `d${donations.length}`,
      amountCents,
      ein,
      status,
      transferId: null,
      inTransit: 0,
      paid: 0,
      clearedBy: null,
      pastTransfers: [],
    };
    donations.push(d);
    return d;
  };

  for (const s of steps) {
    const cents = s.dollars * 100;
    switch (s.kind) {
      case 'gift': {
        const d = open(cents, null, 'pool');
        emit({
          type: 'DonationReceived',
          data: {
            donationId: d.id,
            amountCents: cents,
            currency: 'usd',
            donorEmail: null,
            donorMemberId: null,
            charityEin: s.directed ? s.ein : null,
            checkoutSessionId: `cs_${d.id}`,
            paymentIntentId: `pi_${d.id}`,
            providerEventId: `evt_${d.id}`,
            receiptCode: `R-${d.id}`,
            receivedAt: AT,
          },
        });
        if (s.directed) {
          Object.assign(d, { ein: s.ein, status: 'held' });
          directed(d, s.ein, { kind: 'gift', checkoutSessionId: `cs_${d.id}` } as never);
        }
        break;
      }
      case 'direct-pool': {
        const d = pick(
          donations.filter((x) => x.status === 'pool'),
          s.pick,
        );
        if (!d) break;
        Object.assign(d, { ein: s.ein, status: 'held' });
        directed(d, s.ein, { kind: 'gift', checkoutSessionId: `cs_${d.id}` } as never);
        break;
      }
      case 'prize':
        if (s.directed) {
          const d = open(cents, s.ein, 'held');
          const source = {
            kind: 'prize',
            tournamentId: 't',
            tournamentTitle: 'T',
            rank: 1,
            memberId: s.member,
          };
          directed(d, s.ein, source as never);
        } else {
          balances.set(s.member, (balances.get(s.member) ?? 0) + cents);
          emit({
            type: 'PrizeShareCredited',
            data: {
              memberId: s.member,
              username: s.member,
              shareId: `share-${events.length}`,
              tournamentId: 't',
              tournamentTitle: 'T',
              rank: 1,
              amountCents: cents,
              creditedAt: AT,
              directBy: AT,
            },
          });
        }
        break;
      case 'direct-balance': {
        const amount = Math.min(cents, balances.get(s.member) ?? 0);
        if (amount === 0) break;
        balances.set(s.member, balances.get(s.member)! - amount);
        const d = open(amount, s.ein, 'held');
        const shares = [{ shareId: 'share', amountCents: amount }];
        emit({
          type: 'PrizeBalanceDirected',
          data: {
            memberId: s.member,
            donationId: d.id,
            amountCents: amount,
            charityEin: s.ein,
            charityName: s.ein,
            shares,
            by: 'member',
            directedAt: AT,
          },
        });
        directed(d, s.ein, { kind: 'prize-balance', memberId: s.member, shares } as never);
        break;
      }
      case 'initiate': {
        const d = pick(
          donations.filter((x) => x.status === 'held'),
          s.pick,
        );
        if (!d) break;
        Object.assign(d, {
          status: 'pending',
          transferId: `tr_${events.length}`,
          inTransit: d.amountCents,
          paid: 0,
        });
        emit({
          type: 'DonationTransferInitiated',
          data: {
            donationId: d.id,
            windowId: '2026-11-23',
            transferId: d.transferId!,
            charityEin: d.ein!,
            stripeAccountId: 'acct_1',
            amountCents: d.amountCents,
            transferAmountCents: d.amountCents,
            initiatedAt: AT,
          },
        });
        break;
      }
      case 'clear':
      case 'fail': {
        // A failed transfer is of the transfer.paid days: never after a reversal or a failed payout.
        const d = pick(
          donations.filter(
            (x) => x.status === 'pending' && (s.kind === 'clear' || x.inTransit === x.amountCents),
          ),
          s.pick,
        );
        if (!d) break;
        const transferId = d.transferId!;
        if (s.kind === 'clear') {
          const payoutId = `po_${events.length}`;
          Object.assign(d, {
            status: 'cleared',
            paid: d.paid + d.inTransit,
            inTransit: 0,
            clearedBy: payoutId,
          });
          emit({
            type: 'PayoutCleared',
            data: s.directed
              ? { donationId: d.id, transferId, providerEventId: `evt_${payoutId}`, clearedAt: AT, payoutId }
              : { donationId: d.id, transferId, providerEventId: `evt_${transferId}`, clearedAt: AT },
          });
        } else {
          // Before issue 20: a failed transfer, back to held (old streams).
          Object.assign(d, { status: 'held', transferId: null, inTransit: 0, paid: 0 });
          d.pastTransfers.push(transferId);
          emit({
            type: 'DonationTransferFailed',
            data: { donationId: d.id, transferId, reason: 'reversed', providerEventId: null, failedAt: AT },
          });
        }
        break;
      }
      case 'subscription-payment': {
        const amountCents = s.directed ? 999 : 499;
        const n = events.length;
        payments.push({ chargeId: `ch_${n}`, memberId: s.member, amountCents, refundedCents: 0 });
        money.revenueCents += amountCents;
        emit({
          type: 'SubscriptionPaymentSucceeded',
          data: {
            memberId: s.member,
            subscriptionId: `sub_${s.member}`,
            providerEventId: `evt_${n}`,
            occurredAt: AT,
            invoiceId: `in_${n}`,
            chargeId: `ch_${n}`,
            planType: s.directed ? 'PREMIUM_PLUS' : 'PREMIUM',
            amountPaidCents: amountCents,
            billingReason: 'subscription_cycle',
            periodStart: AT,
            periodEnd: AT,
          },
        });
        break;
      }
      case 'refund': {
        const payment = pick(
          payments.filter((p) => p.refundedCents < p.amountCents),
          s.pick,
        );
        // What is left of revenue after payouts bounds a refund too: cash never goes below zero.
        const room = money.revenueCents - money.expenseCents;
        const amount = payment ? Math.min(s.dollars, payment.amountCents - payment.refundedCents, room) : 0;
        if (!payment || amount <= 0) break;
        payment.refundedCents += amount;
        money.revenueCents -= amount;
        emit({
          type: 'PaymentRefunded',
          data: {
            memberId: payment.memberId,
            subscriptionId: `sub_${payment.memberId}`,
            providerEventId: `evt_${events.length}`,
            occurredAt: AT,
            chargeId: payment.chargeId,
            invoiceId: null,
            amountRefundedCents: amount,
            totalRefundedCents: amount,
            paymentAmountCents: payment.amountCents,
          },
        });
        break;
      }
      case 'referral-payout': {
        const amount = Math.min(s.dollars, money.revenueCents - money.expenseCents);
        if (amount <= 0) break;
        money.expenseCents += amount;
        const n = events.length;
        emit({
          type: 'ReferralRewardPaid',
          data: {
            payoutId: `po_${n}`,
            referrerId: s.member,
            month: '2026-11',
            rewardIds: [`rw_${n}`],
            grossCents: amount,
            clawbackCents: 0,
            amountCents: amount,
            transferId: `tr_ref_${n}`,
            destinationAccountId: 'acct_member',
            paidAt: AT,
          },
        });
        break;
      }
      case 'payout-fail': {
        // A payout carrying a pending donation failed (no money moves), or the bank returned the one that
        // cleared it (back on the charity's Stripe balance).
        const d = pick(
          donations.filter((x) => x.status === 'pending' || (x.status === 'cleared' && x.clearedBy)),
          s.pick,
        );
        if (!d) break;
        const payoutId = d.status === 'cleared' ? d.clearedBy! : `po_failed_${events.length}`;
        Object.assign(d, { status: 'pending', inTransit: d.inTransit + d.paid, paid: 0, clearedBy: null });
        emit({
          type: 'DonationPayoutFailed',
          data: {
            donationId: d.id,
            transferId: d.transferId!,
            stripeAccountId: 'acct_1',
            payoutId,
            failureCode: 'no_account',
            failureMessage: null,
            providerEventId: `evt_${events.length}`,
            failedAt: AT,
          },
        });
        break;
      }
      case 'reverse': {
        // A reversal (part or all of what is left) of a pending or cleared donation's transfer; what came back
        // is held again as a new donation to the same charity.
        const d = pick(
          donations.filter(
            (x) => (x.status === 'pending' || x.status === 'cleared') && x.inTransit + x.paid > 0,
          ),
          s.pick,
        );
        if (!d) break;
        const left = d.inTransit + d.paid;
        const amount = Math.min(left, s.directed ? left : s.dollars);
        const fromTransit = Math.min(amount, d.inTransit);
        d.inTransit -= fromTransit;
        d.paid -= amount - fromTransit;
        if (d.inTransit + d.paid === 0) d.status = 'reversed';
        const reversalId = `trr_${events.length}`;
        emit({
          type: 'DonationTransferReversed',
          data: {
            donationId: d.id,
            transferId: d.transferId!,
            reversalId,
            amountCents: amount,
            totalReversedCents: d.amountCents - d.inTransit - d.paid,
            providerEventId: `evt_${reversalId}`,
            reversedAt: AT,
          },
        });
        const again = open(amount, d.ein, 'held');
        directed(again, d.ein!, {
          kind: 'reversal',
          donationId: d.id,
          transferId: d.transferId!,
          reversalId,
        } as never);
        break;
      }
      case 'stale': {
        // A provider's late report about a transfer that already failed: a fact to record, no money moves.
        const d = pick(
          donations.filter((x) => x.pastTransfers.length > 0),
          s.pick,
        );
        const transferId = d && pick(d.pastTransfers, s.pick);
        if (!d || !transferId) break;
        emit({
          type: 'PayoutCleared',
          data: { donationId: d.id, transferId, providerEventId: `late_${transferId}`, clearedAt: AT },
        });
        break;
      }
    }
  }
  return { events, donations, money };
}

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

describe('postingsFor: the posting rules of the money events', () => {
  it('on 10,000 random valid histories: every set balances, no account crosses its side, paid equals cleared, revenue and expense add up', () => {
    fc.assert(
      // Plain checks inside (returning false), not jest matchers: 10,000 runs stay within seconds.
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { events, donations, money } = history(steps);
        const { sets, balances, overdrawn } = post(events);
        const balanced = sets.every(
          (set) =>
            set.postings.reduce((sum, p) => sum + p.amountCents, 0) === 0 &&
            set.postings.every((p) => Number.isInteger(p.amountCents) && p.amountCents !== 0),
        );
        const paidIsCleared = EINS.every((ein) => {
          const total = (part: 'inTransit' | 'paid') =>
            donations.filter((d) => d.ein === ein).reduce((sum, d) => sum + d[part], 0);
          // Whatever is still owed (charity_payable) is held, in transit or paid: a reversal never loses a cent.
          const owed = donations
            .filter((d) => d.ein === ein && d.status === 'held')
            .reduce((sum, d) => sum + d.amountCents, 0);
          return (
            (balances.get(Accounts.charityPaid(ein)) ?? 0) === total('paid') &&
            (balances.get(Accounts.inTransit(ein)) ?? 0) === total('inTransit') &&
            -(balances.get(Accounts.charityPayable(ein)) ?? 0) === owed + total('inTransit') + total('paid')
          );
        });
        // Platform revenue is what subscriptions paid less their refunds (prizes take out what they put in),
        // its expense what referral payouts took; cash at the provider never went below zero (overdrawn).
        const revenueNets =
          (balances.get(Accounts.platformRevenue) ?? 0) === -money.revenueCents &&
          (balances.get(Accounts.platformExpense) ?? 0) === money.expenseCents;
        // Re-projecting the same events writes the same sets, with the same ids, once each.
        const again = post(events).sets;
        const deterministic =
          JSON.stringify(again) === JSON.stringify(sets) &&
          new Set(sets.map((s) => s.id)).size === sets.length;
        return balanced && overdrawn.length === 0 && paidIsCleared && revenueNets && deterministic;
      }),
      { numRuns: 10_000 },
    );
  });

  it('a failed transfer is a compensating set: the initiated one stays, the money is back in cash', () => {
    const { events } = history([
      { kind: 'gift', pick: 0, ein: RED_CROSS, member: 'm-ada', dollars: 25, directed: true },
      { kind: 'initiate', pick: 0, ein: RED_CROSS, member: 'm-ada', dollars: 1, directed: false },
      { kind: 'fail', pick: 0, ein: RED_CROSS, member: 'm-ada', dollars: 1, directed: false },
    ]);
    const { sets, balances } = post(events);
    expect(sets.map((s) => s.postings)).toEqual([
      [
        { account: 'cash_at_provider', amountCents: 2500 },
        { account: 'donation_pool', amountCents: -2500 },
      ],
      [
        { account: 'donation_pool', amountCents: 2500 },
        { account: `charity_payable:${RED_CROSS}`, amountCents: -2500 },
      ],
      [
        { account: `in_transit:${RED_CROSS}`, amountCents: 2500 },
        { account: 'cash_at_provider', amountCents: -2500 },
      ],
      [
        { account: 'cash_at_provider', amountCents: 2500 },
        { account: `in_transit:${RED_CROSS}`, amountCents: -2500 },
      ],
    ]);
    expect(balances.get('cash_at_provider')).toBe(2500);
    expect(balances.get(`charity_payable:${RED_CROSS}`)).toBe(-2500);
  });

  it('issue 20: a failed payout posts nothing, a paid one moves in_transit to charity_paid, a reversal returns cash, the re-held money posts nothing', () => {
    const base = (kind: Step['kind'], directed = false): Step => ({
      kind,
      pick: 0,
      ein: RED_CROSS,
      member: 'm-ada',
      dollars: 10,
      directed,
    });
    const { events } = history([
      base('gift', true),
      base('initiate'),
      base('payout-fail'),
      base('clear', true),
      base('reverse', true),
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'DonationReceived',
      'DonationDirected',
      'DonationTransferInitiated',
      'DonationPayoutFailed',
      'PayoutCleared',
      'DonationTransferReversed',
      'DonationDirected',
    ]);
    const { sets, balances } = post(events);
    const byEvent = (type: string) =>
      sets
        .filter((set) => set.eventId === events.find((e) => e.type === type)!.id)
        .map((set) => set.postings);
    expect(byEvent('DonationPayoutFailed')).toEqual([]);
    expect(byEvent('PayoutCleared')).toEqual([
      [
        { account: `charity_paid:${RED_CROSS}`, amountCents: 1000 },
        { account: `in_transit:${RED_CROSS}`, amountCents: -1000 },
      ],
    ]);
    expect(byEvent('DonationTransferReversed')).toEqual([
      [
        { account: 'cash_at_provider', amountCents: 1000 },
        { account: `charity_paid:${RED_CROSS}`, amountCents: -1000 },
      ],
    ]);
    expect(sets.filter((set) => set.eventId === events.at(-1)!.id)).toEqual([]);
    expect(balances.get('cash_at_provider')).toBe(1000);
    expect(balances.get(`charity_payable:${RED_CROSS}`)).toBe(-1000);
    expect(balances.get(`charity_paid:${RED_CROSS}`)).toBe(0);
  });
});
