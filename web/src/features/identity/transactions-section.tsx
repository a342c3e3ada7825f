import { useQuery } from '@tanstack/react-query';
import type { MemberTransaction } from '@arena/contracts/account.contract';
import { useId, useMemo, useState } from 'react';
import { Button, Card, DataTable, EmptyState, Skeleton, type Column } from '../../ui';
import { dollars, shortDate } from '../donations/donation-format';
import { transactionsQuery } from './account.queries';
import { TYPE_FILTERS, filterTransactions, typeLabel } from './transactions.filter';

const signed = (cents: number) =>
  cents < 0 ? `−${dollars(-cents)}` : cents > 0 ? `+${dollars(cents)}` : dollars(0);

const COLUMNS: Column<MemberTransaction>[] = [
  { key: 'date', header: 'Date', cell: (row) => shortDate(row.date) },
  { key: 'type', header: 'Type', cell: (row) => typeLabel(row.type) },
  { key: 'description', header: 'Description', cell: (row) => row.description },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => signed(row.amountCents) },
  { key: 'status', header: 'Status', cell: (row) => row.status },
  {
    key: 'reference',
    header: 'Reference',
    cell: (row) => (row.reference ? <code>{row.reference}</code> : '—'),
  },
];

/** The profile's Transactions & Earnings (spec §2, §5): every money movement, filtered by type and searched. */
export function TransactionsSection({ memberId }: { memberId: string }) {
  const transactions = useQuery(transactionsQuery(memberId));
  const typeId = useId();
  const searchId = useId();
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => filterTransactions(transactions.data ?? [], { type, search }, shortDate),
    [transactions.data, type, search],
  );
  const filtered = type !== '' || search.trim() !== '';

  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-transactions">
      <h2 id="profile-transactions" className="card__title">
        Transactions &amp; Earnings
      </h2>
      {transactions.isPending ? (
        <Skeleton lines={3} />
      ) : transactions.isError ? (
        <div className="cluster">
          <p className="muted">Your transactions could not be loaded.</p>
          <Button variant="secondary" onClick={() => void transactions.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="stack">
          <div className="transactions__filters">
            <div className="field">
              <label className="field__label" htmlFor={typeId}>
                Type
              </label>
              <select
                id={typeId}
                className="input"
                value={type}
                onChange={(event) => setType(event.target.value)}
              >
                <option value="">All types</option>
                {TYPE_FILTERS.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={searchId}>
                Search
              </label>
              <input
                id={searchId}
                className="input"
                type="search"
                placeholder="Description, amount, status, reference…"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          <p className="profile__note" aria-live="polite">
            {filtered
              ? `${shown.length} of ${transactions.data.length} transactions`
              : `${transactions.data.length} transactions`}
          </p>
          <DataTable
            caption="Your transactions and earnings"
            columns={COLUMNS}
            rows={shown}
            rowKey={(row) => row.id}
            empty={
              filtered ? (
                <EmptyState
                  title="No matching transactions"
                  action={
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setType('');
                        setSearch('');
                      }}
                    >
                      Clear filters
                    </Button>
                  }
                >
                  Nothing matches this type and search.
                </EmptyState>
              ) : (
                <EmptyState title="No transactions yet">
                  Payments, refunds, donations, prizes and referral rewards appear here.
                </EmptyState>
              )
            }
          />
        </div>
      )}
    </Card>
  );
}
