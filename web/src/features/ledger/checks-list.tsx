import type { CheckResult } from './verify-ledger';

/** The checks, item by item, each with ✓ or ✗ and its numbers; a summary first, so a failure is not missed. */
export function ChecksList({ results }: { results: CheckResult[] }) {
  const failed = results.filter((result) => !result.ok);
  return (
    <div className="ledger-checks">
      {results.length > 1 && (
        <p
          role={failed.length > 0 ? 'alert' : 'status'}
          className={failed.length > 0 ? 'ledger-checks__summary is-bad' : 'ledger-checks__summary is-good'}
        >
          {failed.length > 0
            ? `Verification failed: ${failed[0]!.detail}`
            : `All ${results.length} checks passed.`}
        </p>
      )}
      <ul className="ledger-checks__list">
        {results.map((result) => (
          <li key={result.key} className={result.ok ? 'ledger-check is-good' : 'ledger-check is-bad'}>
            <span className="ledger-check__mark" aria-hidden="true">
              {result.ok ? '✓' : '✗'}
            </span>
            <span>
              <strong>{result.label}</strong>
              <span className="visually-hidden">{result.ok ? ': passed.' : ': failed.'}</span>
              <br />
              <span className="ledger-check__detail">{result.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
