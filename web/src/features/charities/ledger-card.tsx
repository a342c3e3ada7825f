import type { CharityLedgerEntry } from '@arena/contracts';
import { CharityMessages, ledgerCaption } from '@arena/contracts/charities.messages';
import { dollarsFromCents } from '@arena/contracts/tournaments.rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type Ref } from 'react';
import { Alert, Button, DataTable, Skeleton, type Column } from '../../ui';
import { charityLedgerQuery, LEDGER_RECENT } from './charities.queries';
import { ledgerDate } from './charity-format';

const SEARCH_DELAY_MS = 250;

const COLUMNS: Column<CharityLedgerEntry>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (entry) => <time dateTime={entry.date}>{ledgerDate(entry.date)}</time>,
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (entry) => dollarsFromCents(entry.amountCents) },
  { key: 'donor', header: 'Donor', cell: (entry) => entry.donor },
  { key: 'source', header: 'Source', cell: (entry) => entry.source },
  { key: 'impact', header: 'Impact', cell: (entry) => entry.impact },
];

/**
 * The Public Ledger card (spec §2): the donations directed to this charity, newest first. Its search
 * asks the server (donor, source, impact); the toggle shows the recent few or all of them.
 */
export function LedgerCard({ ein, ref }: { ein: string; ref?: Ref<HTMLElement> }) {
  const [term, setTerm] = useState('');
  const [settled, setSettled] = useState('');
  const [all, setAll] = useState(false);
  const searchId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(term.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [term]);
  const ledger = useQuery({ ...charityLedgerQuery(ein, settled, all), placeholderData: keepPreviousData });
  const entries = ledger.data?.entries ?? [];
  const total = ledger.data?.total ?? 0;

  return (
    <section
      className="card profile-card ledger-card"
      aria-labelledby="ledger-heading"
      ref={ref}
      tabIndex={-1}
    >
      <h2 id="ledger-heading" className="card__title">
        Public Ledger
      </h2>
      <p className="muted">{CharityMessages.ledgerNote}</p>
      <div className="field ledger-card__search">
        <label htmlFor={searchId} className="visually-hidden">
          Search ledger
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder={CharityMessages.ledgerSearchPlaceholder}
          maxLength={100}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {ledger.isPending ? (
        <Skeleton height="2.5rem" lines={3} />
      ) : ledger.isError ? (
        <Alert tone="danger" title="The ledger could not be loaded">
          <p>{ledger.error.message}</p>
        </Alert>
      ) : (
        <>
          {/* On a phone its rows read as cards (DataTable), so nothing scrolls sideways. */}
          <div
            className="ledger-card__entries"
            role="region"
            aria-label="Ledger entries"
            aria-busy={ledger.isFetching}
          >
            <DataTable
              caption={all ? ledgerCaption.all(entries.length) : ledgerCaption.recent(entries.length)}
              columns={COLUMNS}
              rows={entries}
              rowKey={(entry) => entry.id}
              empty={
                <p className="muted ledger-card__empty">
                  {settled ? `No ledger entries match “${settled}”.` : 'No donations have been recorded yet.'}
                </p>
              }
            />
          </div>
          {(all || total > LEDGER_RECENT) && (
            <Button variant="ghost" size="small" aria-expanded={all} onClick={() => setAll((open) => !open)}>
              {all ? ledgerCaption.collapse : ledgerCaption.viewAll}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
