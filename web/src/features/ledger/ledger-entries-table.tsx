import type { LedgerEntry } from '@arena/contracts';
import { Button } from '../../ui';
import { ledgerDate } from '../charities/charity-format';
import { dollarsWithCents } from '../donations/donation-format';
import { count, shortHash } from './verify-ledger';

/** "DonationTransferInitiated" → "Transfer initiated". */
const typeLabel = (type: string) => {
  const words = type.replace(/^Donation/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
};

/**
 * The newest entries, newest first, a page at a time from the server ("Older entries" adds the page before).
 * A row's index is a button: picking an entry proves its inclusion in the newest checkpoint (the whole row
 * is clickable too, for a pointer).
 */
export function LedgerEntriesTable({
  entries,
  treeSize,
  pickedId,
  onPick,
  older,
}: {
  /** Newest first. */
  entries: LedgerEntry[];
  treeSize: number;
  pickedId?: string;
  onPick: (entryId: string) => void;
  older: { available: boolean; loading: boolean; load: () => void };
}) {
  return (
    <section aria-labelledby="ledger-entries" className="card ledger-entries">
      <h2 id="ledger-entries" className="card__title">
        Entries
      </h2>
      <div className="table-wrap table-wrap--stack">
        <table className="table">
          <caption>Ledger entries, newest first. Pick an entry’s number to verify it.</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col" className="table__numeric">
                Amount
              </th>
              <th scope="col">Nonprofit</th>
              <th scope="col">Status</th>
              <th scope="col">Receipt</th>
              <th scope="col">Hash</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                className={entry.id === pickedId ? 'ledger-entries__row is-picked' : 'ledger-entries__row'}
                aria-selected={entry.id === pickedId}
                onClick={() => onPick(entry.id)}
              >
                <td data-label="#">
                  <button
                    type="button"
                    className="ledger-entries__pick"
                    aria-label={`Verify entry ${entry.index}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onPick(entry.id);
                    }}
                  >
                    {entry.index}
                  </button>
                </td>
                <td data-label="Date" className="ledger-entries__nowrap">
                  <time dateTime={entry.body.at}>{ledgerDate(entry.body.at)}</time>
                </td>
                <td data-label="Type">{typeLabel(entry.body.type)}</td>
                <td data-label="Amount" className="table__numeric">
                  {dollarsWithCents(entry.body.amountCents)}
                </td>
                <td data-label="Nonprofit">{entry.body.charityName ?? 'Donation pool'}</td>
                <td data-label="Status">{entry.body.status ?? 'in pool'}</td>
                <td data-label="Receipt">
                  {entry.body.receiptCode ? (
                    <a
                      href={`/donate/receipt/${encodeURIComponent(entry.body.receiptCode)}`}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {entry.body.receiptCode}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label="Hash" className="ledger-entries__nowrap">
                  <code title={entry.hash}>{shortHash(entry.hash)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="ledger-entries__pager" aria-label="Older entries">
        <span>
          The newest {count(entries.length)} of {count(treeSize)} entries
        </span>
        {older.available && (
          <Button variant="secondary" size="small" disabled={older.loading} onClick={older.load}>
            {older.loading ? 'Loading…' : 'Older entries'}
          </Button>
        )}
      </nav>
    </section>
  );
}
