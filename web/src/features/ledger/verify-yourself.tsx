import { pathFor, routes } from '@arena/contracts/http.routes';
import type { LedgerDownload } from './ledger.api';

const exportCsv = pathFor(routes.ledger.exportCsv);

/** The public key, and how to check the same things without this page. */
export function VerifyYourself({ download }: { download: LedgerDownload }) {
  const site = window.location.origin;
  return (
    <section aria-labelledby="ledger-yourself" className="card ledger-yourself">
      <h2 id="ledger-yourself" className="card__title">
        Verify it yourself
      </h2>
      <p>
        Checkpoints are signed with Ed25519 key <code>{download.publicKey.keyId}</code>:
      </p>
      <pre className="ledger-yourself__code">{download.publicKey.pem}</pre>
      <p>From a shell, in a checkout of the Charity Arena repository, the same checks run with:</p>
      <pre className="ledger-yourself__code">npm run ledger:verify -- --url {site}</pre>
      <p>
        The formats (canonical JSON, hashes, the Merkle tree and the signed message) are described in{' '}
        <code>docs/ledger.md</code> in the repository. A spreadsheet-friendly copy of the entries is at{' '}
        <a href={exportCsv} download>
          {exportCsv}
        </a>
        .
      </p>
    </section>
  );
}
