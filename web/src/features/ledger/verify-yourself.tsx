import type { LedgerPublicKey } from '@arena/contracts';
import { pathFor, routes } from '@arena/contracts/http.routes';

const exportCsv = pathFor(routes.ledger.exportCsv);

/** The public key, and how to check the same things without this page (docs/ledger.md). */
export function VerifyYourself({ publicKey }: { publicKey: LedgerPublicKey }) {
  const site = window.location.origin;
  return (
    <section aria-labelledby="ledger-yourself" className="card ledger-yourself">
      <h2 id="ledger-yourself" className="card__title">
        Verify it yourself
      </h2>
      <p>
        New checkpoints are signed with Ed25519 key <code>{publicKey.keyId}</code> (every key that ever signed
        is listed at <code>{pathFor(routes.ledger.keys)}</code>):
      </p>
      <pre className="ledger-yourself__code">{publicKey.pem}</pre>
      <p>
        From a shell, in a checkout of the Charity Arena repository, the full audit (every entry, every
        checkpoint) runs with:
      </p>
      <pre className="ledger-yourself__code">npm run ledger:verify -- --url {site} --full</pre>
      <p>
        To check regularly, as this page does, keep what a passing run verified in a file and pin the key;
        each later run then downloads only the newest checkpoint, the consistency proof and the new entries:
      </p>
      <pre className="ledger-yourself__code">
        npm run ledger:verify -- --url {site} --from-checkpoint arena-ledger.json --key {publicKey.publicKey}
      </pre>
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
