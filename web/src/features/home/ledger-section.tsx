import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PublicDonation } from '@arena/contracts';
import { donationStatusLabel } from '@arena/contracts/donations.messages';
import { lazy, Suspense, useState } from 'react';
import { Button, DataTable, EmptyState, Skeleton, type Column } from '../../ui';
// The home page shows whole dollars (spec §9); a receipt and /ledger show every cent.
import { dollarsRounded, shortDate } from '../donations/donation-format';
import {
  LEDGER_COLLAPSED_ROWS,
  LEDGER_PAGE_SIZE,
  WINNERS_ALL,
  WINNERS_COLLAPSED,
  donationLedgerQuery,
  donationSummaryQuery,
  topWinnersQuery,
} from '../donations/donations.queries';

// The carousel and its timers load after the first paint: the landing page's bundle stays small.
const ImpactStoriesCarousel = lazy(() =>
  import('./impact-stories-carousel').then((module) => ({ default: module.ImpactStoriesCarousel })),
);

const COLUMNS: Column<PublicDonation>[] = [
  { key: 'date', header: 'Date', cell: (row) => shortDate(row.datetime) },
  { key: 'directedBy', header: 'Directed by', cell: (row) => row.directedBy },
  { key: 'nonprofit', header: 'Nonprofit', cell: (row) => row.nonprofit ?? 'Donation pool' },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => dollarsRounded(row.amountCents) },
  { key: 'status', header: 'Status', cell: (row) => donationStatusLabel(row.status) },
  {
    key: 'stripeId',
    header: 'Payment id',
    cell: (row) => (row.stripeId ? <code>{row.stripeId}</code> : '—'),
  },
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

function SummaryCards() {
  const summary = useQuery(donationSummaryQuery());
  const cards = [
    { label: 'Total verified donations', value: summary.data?.totalVerifiedCents, money: true },
    { label: 'Nonprofits impacted', value: summary.data?.nonprofitsImpacted, money: false },
    { label: 'Pending balance', value: summary.data?.pendingBalanceCents, money: true },
  ];
  if (summary.isError) return <p className="muted">The donation totals could not be loaded.</p>;
  return (
    <dl className="ledger__cards">
      {cards.map((card) => (
        <div key={card.label} className="card ledger__card">
          <dt className="ledger__card-label">{card.label}</dt>
          <dd className="ledger__card-value">
            {card.value === undefined ? (
              <Skeleton width="6rem" height="2rem" />
            ) : card.money ? (
              dollarsRounded(card.value)
            ) : (
              card.value.toLocaleString('en-US')
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TopWinners() {
  const [all, setAll] = useState(false);
  const winners = useQuery(topWinnersQuery(all ? WINNERS_ALL : WINNERS_COLLAPSED));
  const list = winners.data?.winners ?? [];
  return (
    <section className="ledger__winners" aria-labelledby="ledger-winners">
      <h3 id="ledger-winners" className="card__title">
        Top Challenge Winners
      </h3>
      {winners.isPending ? (
        <Skeleton lines={3} />
      ) : winners.isError ? (
        <p className="muted">The winners could not be loaded.</p>
      ) : list.length === 0 ? (
        <EmptyState title="No winners yet">The first challenge winners appear here.</EmptyState>
      ) : (
        <>
          <ol className="ledger__winner-list">
            {list.map((winner) => (
              <li key={winner.id} className="ledger__winner">
                <span className="ledger__winner-name">{winner.name}</span>
                <span className="ledger__winner-amount">{dollarsRounded(winner.amountCents)}</span>
                <span className="muted">
                  {winner.nonprofit ?? 'Donation pool'} · {shortDate(winner.date)}
                  {winner.receiptCode && (
                    <>
                      {' · '}
                      <Link to="/donate/receipt/$receiptCode" params={{ receiptCode: winner.receiptCode }}>
                        Receipt
                      </Link>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ol>
          {(all || winners.data.total > list.length) && (
            <Button variant="ghost" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : 'Show all'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function LedgerTable() {
  const [expanded, setExpanded] = useState(false);
  const ledger = useInfiniteQuery(donationLedgerQuery(LEDGER_PAGE_SIZE));
  const rows = ledger.data?.pages.flatMap((page) => page.donations) ?? [];
  const total = ledger.data?.pages[0]?.total ?? 0;
  const shown = expanded ? rows : rows.slice(0, LEDGER_COLLAPSED_ROWS);
  return (
    <section className="ledger__table" aria-labelledby="ledger-table">
      <h3 id="ledger-table" className="card__title">
        Donation history
      </h3>
      {ledger.isPending ? (
        <Skeleton lines={3} />
      ) : ledger.isError ? (
        <p className="muted">The donation ledger could not be loaded.</p>
      ) : (
        <DataTable
          caption="Donations, newest first"
          columns={COLUMNS}
          rows={shown}
          rowKey={(row) => row.id}
          empty={
            <EmptyState title="No donations yet">Every donation appears here once it is verified.</EmptyState>
          }
        />
      )}
      <div className="cluster">
        {total > LEDGER_COLLAPSED_ROWS && (
          <Button variant="secondary" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show less' : 'View complete history'}
          </Button>
        )}
        {expanded && ledger.hasNextPage && (
          <Button
            variant="ghost"
            disabled={ledger.isFetchingNextPage}
            onClick={() => void ledger.fetchNextPage()}
          >
            {ledger.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        )}
        <a href="/ledger">Verify the ledger</a>
      </div>
    </section>
  );
}

/** Spec §2: the home page's Verified Donation Ledger, each part with its own loading and empty state. */
export function LedgerSection() {
  return (
    <section id="ledger" className="container section ledger" aria-labelledby="ledger-title">
      <p className="eyebrow">Verified through our payment provider</p>
      <h2 id="ledger-title" className="home__heading">
        Verified Donation Ledger
      </h2>
      <p className="lead">
        Every donation is recorded and verified through our card payment provider, from the winner&rsquo;s
        choice to the transfer to the nonprofit.
      </p>
      <SummaryCards />
      <div className="ledger__grid">
        <TopWinners />
        <Suspense fallback={<Skeleton height="12rem" />}>
          <ImpactStoriesCarousel />
        </Suspense>
      </div>
      <LedgerTable />
    </section>
  );
}
