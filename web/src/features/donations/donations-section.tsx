import { useQuery } from '@tanstack/react-query';
import type { MemberDonations, PublicDonation } from '@arena/contracts';
import type { MyReferrals } from '@arena/contracts/referrals.contract';
import { donationStatusLabel } from '@arena/contracts/donations.messages';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, Card, DataTable, EmptyState, Skeleton, type Column } from '../../ui';
import { favoritesQuery } from '../charities/charities.queries';
import { myReferralsQuery } from '../referral/referrals.queries';
import { dollars, shortDate } from './donation-format';
import { memberDonationsQuery } from './donations.queries';
import { MonthlyGifts } from './monthly-gifts';
import { DONATION_MONEY_STATES } from './money-states';
import { PayoutModal } from './payout-modal';
import './donations.css';

const HISTORY: Column<PublicDonation>[] = [
  { key: 'date', header: 'Date', cell: (row) => shortDate(row.datetime) },
  { key: 'nonprofit', header: 'Nonprofit', cell: (row) => row.nonprofit ?? 'Donation pool' },
  { key: 'source', header: 'Source', cell: (row) => row.source },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => dollars(row.amountCents) },
  { key: 'status', header: 'Status', cell: (row) => donationStatusLabel(row.status) },
  {
    key: 'receipt',
    header: 'Receipt',
    cell: (row) => (
      <Link to="/donate/receipt/$receiptCode" params={{ receiptCode: row.receiptCode }}>
        {row.receiptCode}
      </Link>
    ),
  },
];

const DONATION_BALANCES = ['directableCents', 'heldCents', 'pendingCents', 'clearedCents'] as const;

function Facts({
  items,
  className = '',
}: {
  items: { label: string; value: string; note?: string }[];
  className?: string;
}) {
  return (
    <dl className={`profile__facts ${className}`.trim()}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
          {item.note && <dd className="profile__fact-note">{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

/**
 * Referral Earnings (released and paid rewards) and the referral part of Pending; while the referrals
 * cannot be read, the donation figures still show, and Pending says it counts donations only.
 */
function referralFigures(referrals: MyReferrals | undefined, donationsPendingCents: number) {
  if (!referrals) {
    return [
      { label: 'Referral Earnings', value: '—' },
      { label: 'Pending donations', value: dollars(donationsPendingCents) },
    ];
  }
  const { paidCents, releasedCents, pendingCents } = referrals.balances;
  return [
    {
      label: 'Referral Earnings',
      value: dollars(paidCents + releasedCents),
      note: `${dollars(paidCents)} paid, ${dollars(releasedCents)} released`,
    },
    {
      label: 'Pending',
      value: dollars(donationsPendingCents + pendingCents),
      note: `${dollars(donationsPendingCents)} donations, ${dollars(pendingCents)} referral rewards`,
    },
  ];
}

/** The profile's Impact Summary (spec §2 "Profile"): what the member's wins, gifts and referrals did. */
export function ImpactSummarySection({ memberId }: { memberId: string }) {
  const mine = useQuery(memberDonationsQuery(memberId));
  const favorites = useQuery(favoritesQuery(memberId));
  const referrals = useQuery(myReferralsQuery(memberId));
  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-impact">
      <h2 id="profile-impact" className="card__title">
        Impact Summary
      </h2>
      {mine.isPending ? (
        <Skeleton lines={2} />
      ) : mine.isError ? (
        <p className="muted">Your impact could not be loaded.</p>
      ) : (
        <Facts
          items={[
            { label: 'Total Donated', value: dollars(mine.data.totalDonatedCents) },
            { label: 'Donations', value: String(mine.data.donationCount) },
            { label: 'Charities Supported', value: String(mine.data.charitiesSupported) },
            { label: 'Favorites', value: favorites.data ? String(favorites.data.length) : '—' },
            ...referralFigures(referrals.data, mine.data.heldCents + mine.data.pendingCents),
          ]}
        />
      )}
    </Card>
  );
}

function Shares({ shares }: { shares: MemberDonations['shares'] }) {
  if (shares.length === 0) return null;
  return (
    <>
      <h3 className="donations__subtitle">Prize shares to direct</h3>
      <ul className="donations__shares">
        {shares.map((share) => (
          <li key={share.shareId}>
            {share.tournamentTitle} (rank {share.rank}): {dollars(share.remainingCents)} of{' '}
            {dollars(share.amountCents)} left to direct by {shortDate(share.directBy)}. After that Charity
            Arena directs it.
          </li>
        ))}
      </ul>
    </>
  );
}

/** The profile's Donations (spec §2, §5): balances, prize shares to direct, history and the payout modal. */
export function DonationsSection({ memberId }: { memberId: string }) {
  const mine = useQuery(memberDonationsQuery(memberId));
  // A new modal per opening: its requestId is then new per opening, never per click.
  const [opening, setOpening] = useState(0);
  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-donations">
      <h2 id="profile-donations" className="card__title">
        Donations
      </h2>
      {mine.isPending ? (
        <Skeleton lines={3} />
      ) : mine.isError ? (
        <p className="muted">Your donations could not be loaded.</p>
      ) : (
        <>
          <Facts
            className="donations__balances"
            items={DONATION_BALANCES.map((balance) => ({
              label: DONATION_MONEY_STATES[balance].label,
              value: dollars(mine.data[balance]),
              note: DONATION_MONEY_STATES[balance].explanation,
            }))}
          />
          {/* Spaced from the figures above and the history below (it sat on the history's box). */}
          <div className="cluster donations__actions">
            <Button disabled={mine.data.directableCents <= 0} onClick={() => setOpening(opening + 1)}>
              Request Charity Payout
            </Button>
          </div>
          <Shares shares={mine.data.shares} />
          <MonthlyGifts memberId={memberId} />
          <DataTable
            caption="Your donation history"
            columns={HISTORY}
            rows={mine.data.history}
            rowKey={(row) => row.id}
            empty={
              <EmptyState title="No donations yet">
                Win a challenge or make a gift, and your donations appear here.
              </EmptyState>
            }
          />
          {opening > 0 && (
            <PayoutModal
              key={opening}
              memberId={memberId}
              directableCents={mine.data.directableCents}
              onClose={() => setOpening(0)}
            />
          )}
        </>
      )}
    </Card>
  );
}
