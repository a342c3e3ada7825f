import type { CheckResult, CheckState } from './verify-ledger';

const MARK: Record<CheckState, string> = { good: '✓', bad: '✗', waiting: '○' };
const SPOKEN: Record<CheckState, string> = { good: ': passed.', bad: ': failed.', waiting: ': waiting.' };

/**
 * The checks, item by item, each with ✓, ✗ or ○ (waiting for the next checkpoint, which is no failure) and
 * its numbers; a summary first, so a failure is not missed.
 */
export function ChecksList({ results }: { results: CheckResult[] }) {
  const failed = results.filter((result) => result.state === 'bad');
  const waiting = results.filter((result) => result.state === 'waiting').length;
  const passed = results.length - failed.length - waiting;
  return (
    <div className="ledger-checks">
      {results.length > 1 && (
        <p
          role={failed.length > 0 ? 'alert' : 'status'}
          className={failed.length > 0 ? 'ledger-checks__summary is-bad' : 'ledger-checks__summary is-good'}
        >
          {failed.length > 0
            ? `Verification failed: ${failed[0]!.detail}`
            : waiting > 0
              ? `${passed} checks passed; ${waiting} waiting for the next checkpoint.`
              : `All ${results.length} checks passed.`}
        </p>
      )}
      <ul className="ledger-checks__list">
        {results.map((result) => (
          <li key={result.key} className={`ledger-check is-${result.state}`}>
            <span className="ledger-check__mark" aria-hidden="true">
              {MARK[result.state]}
            </span>
            <span>
              <strong>{result.label}</strong>
              <span className="visually-hidden">{SPOKEN[result.state]}</span>
              <br />
              <span className="ledger-check__detail">{result.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
