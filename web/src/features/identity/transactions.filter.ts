import type { MemberTransaction } from '@arena/contracts/account.contract';

type TransactionType = MemberTransaction['type'];

const TYPE_LABELS: Record<TransactionType, string> = {
  subscription: 'Subscription',
  refund: 'Refund',
  donation: 'Donation',
  prize: 'Prize',
  'referral-reward': 'Referral reward',
  'referral-payout': 'Referral payout',
};

export const typeLabel = (type: TransactionType) => TYPE_LABELS[type];

/** The type filter's choices: 'referral' matches both referral types, as the filter is a substring (spec §5). */
export const TYPE_FILTERS: { value: string; label: string }[] = [
  { value: 'subscription', label: 'Subscriptions' },
  { value: 'refund', label: 'Refunds' },
  { value: 'donation', label: 'Donations' },
  { value: 'prize', label: 'Prizes' },
  { value: 'referral', label: 'Referrals (rewards and payouts)' },
  { value: 'referral-reward', label: 'Referral rewards' },
  { value: 'referral-payout', label: 'Referral payouts' },
];

const cents = (amount: number) => (Math.abs(amount) / 100).toFixed(2);

/** Every field of a row as the search sees it: the stored values and the ways the table writes them. */
function searchable(row: MemberTransaction, formatDate: (iso: string) => string): string {
  return [
    row.id,
    row.date,
    formatDate(row.date),
    row.type,
    TYPE_LABELS[row.type],
    row.description,
    String(row.amountCents),
    cents(row.amountCents),
    `$${cents(row.amountCents)}`,
    row.status,
    row.reference ?? '',
  ]
    .join('\n')
    .toLowerCase();
}

/**
 * Spec §5: the type filter matches as a substring of the type; the search, case-insensitive, looks in
 * every field.
 */
export function filterTransactions(
  rows: MemberTransaction[],
  { type, search }: { type: string; search: string },
  formatDate: (iso: string) => string,
): MemberTransaction[] {
  const typeNeedle = type.trim().toLowerCase();
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (typeNeedle === '' || row.type.includes(typeNeedle)) &&
      (needle === '' || searchable(row, formatDate).includes(needle)),
  );
}
