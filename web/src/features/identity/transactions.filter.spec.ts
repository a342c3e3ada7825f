/**
 * The profile's Transactions & Earnings rules (web/src/features/identity/transactions.filter.ts, spec §5):
 * the type filter matches as a substring of the type, and the search looks in every field.
 */
import type { MemberTransaction } from '@arena/contracts';
import {
  filterTransactions,
  TYPE_FILTERS,
  typeLabel,
} from './transactions.filter';

const row = (over: Partial<MemberTransaction>): MemberTransaction => ({
  id: 'tx',
  date: '2026-11-01T09:00:00.000Z',
  type: 'subscription',
  description: 'Premium, November 2026',
  amountCents: -499,
  status: 'paid',
  reference: null,
  ...over,
});

const rows: MemberTransaction[] = [
  row({ id: 'sub', reference: 'in_…4821' }),
  row({
    id: 'reward',
    type: 'referral-reward',
    description: 'Reward for @ann_ref',
    amountCents: 49,
    status: 'pending',
  }),
  row({
    id: 'payout',
    type: 'referral-payout',
    description: 'Rewards of October',
    amountCents: 1_497,
    reference: 'tr_1',
  }),
  row({
    id: 'prize',
    type: 'prize',
    date: '2026-08-12T10:00:00.000Z',
    description: 'Snake Cup',
    amountCents: 2_500,
  }),
];
const isoDay = (iso: string) => iso.slice(0, 10);
const ids = (type: string, search: string) =>
  filterTransactions(rows, { type, search }, isoDay).map((found) => found.id);

describe('transactions filter', () => {
  it('keeps everything with no type and no search', () => {
    expect(ids('', '  ')).toEqual(['sub', 'reward', 'payout', 'prize']);
  });

  it('matches the type as a substring: "referral" keeps rewards and payouts', () => {
    expect(ids('referral', '')).toEqual(['reward', 'payout']);
    expect(ids('payout', '')).toEqual(['payout']);
    expect(ids('prize', '')).toEqual(['prize']);
    expect(ids('refund', '')).toEqual([]);
  });

  it('searches every field, case-insensitively: description, status, reference, amount, type and date', () => {
    expect(ids('', 'ANN_REF')).toEqual(['reward']);
    expect(ids('', 'pending')).toEqual(['reward']);
    expect(ids('', 'TR_1')).toEqual(['payout']);
    expect(ids('', '14.97')).toEqual(['payout']);
    expect(ids('', '$4.99')).toEqual(['sub']);
    expect(ids('', 'referral reward')).toEqual(['reward']);
    expect(ids('', '2026-08-12')).toEqual(['prize']);
  });

  it('combines the type and the search', () => {
    expect(ids('referral', 'october')).toEqual(['payout']);
    expect(ids('subscription', 'october')).toEqual([]);
  });

  it('offers a choice for every type, each matching at least its own type', () => {
    for (const type of [
      'subscription',
      'refund',
      'donation',
      'prize',
      'referral-reward',
      'referral-payout',
    ] as const) {
      expect(TYPE_FILTERS.some((filter) => type.includes(filter.value))).toBe(true);
      expect(typeLabel(type)).not.toBe('');
    }
  });
});
