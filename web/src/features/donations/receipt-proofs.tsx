import { useQuery } from '@tanstack/react-query';
import type { LedgerKeys } from '@arena/contracts';
import { Alert, Card, Skeleton } from '../../ui';
import { WAITING_FOR_CHECKPOINT } from '../ledger/verify-ledger';
import { shortDate } from './donation-format';
import { ledgerSigningKeysQuery, receiptEntryProofQuery } from './receipt-proof.queries';
import type { ReceiptEntryCheck } from './receipt-proof';

/** What each ledger event type is, in the words of the receipt's history. */
const ENTRY_LABELS: Record<string, string> = {
  DonationReceived: 'Received',
  DonationDirected: 'Directed',
  DonationTransferInitiated: 'Sent to the nonprofit',
  PayoutCleared: 'Cleared to the nonprofit',
  DonationTransferFailed: 'Transfer failed',
  DonationPayoutFailed: "The nonprofit's bank payout failed",
  DonationTransferReversed: 'Returned to Charity Arena',
  GiftRefunded: 'Refunded to the donor',
  GiftDisputed: 'Payment disputed',
  GiftDisputeClosed: 'Dispute closed',
};

/** A hash in full, in a box that wraps it at any character so it never widens the page. */
function Hash({ value }: { value: string }) {
  return <code className="receipt-proof__hash">{value}</code>;
}

function Verdict({ check }: { check: ReceiptEntryCheck }) {
  if (check.state === 'good') {
    return (
      <p className="receipt-proof__verdict is-good">
        <span aria-hidden="true">✓</span> Verified in your browser
      </p>
    );
  }
  if (check.state === 'waiting') {
    return (
      <p className="receipt-proof__verdict is-waiting">
        <span aria-hidden="true">○</span> {WAITING_FOR_CHECKPOINT}
      </p>
    );
  }
  return (
    <p className="receipt-proof__verdict is-bad" role="alert">
      <span aria-hidden="true">✗</span> Verification failed: {check.reason}
    </p>
  );
}

function EntryProof({
  entryId,
  donationId,
  keys,
  position,
}: {
  entryId: string;
  donationId: string;
  keys: LedgerKeys['keys'];
  position: number;
}) {
  const proof = useQuery(receiptEntryProofQuery(entryId, donationId, keys));
  if (proof.isPending) {
    return (
      <li className="receipt-proof" aria-busy="true">
        <h3 className="receipt-proof__title">Entry {position + 1}</h3>
        <p className="muted">Checking the proof in your browser…</p>
        <Skeleton height="3rem" />
      </li>
    );
  }
  if (proof.isError) {
    return (
      <li className="receipt-proof">
        <h3 className="receipt-proof__title">Entry {position + 1}</h3>
        <Alert tone="danger" title={`Could not load this entry's proof: ${proof.error.message}`} />
      </li>
    );
  }
  const check = proof.data;
  const shown = check.state === 'good' ? check : check.state === 'bad' ? check.proof : undefined;
  const entry = shown?.entry;
  return (
    <li className="receipt-proof">
      <h3 className="receipt-proof__title">
        {entry
          ? `${ENTRY_LABELS[entry.body.type] ?? entry.body.type} · entry #${entry.index}`
          : `Entry ${position + 1}`}
      </h3>
      <Verdict check={check} />
      {shown && entry && (
        <>
          <dl className="receipt-proof__facts">
            <div>
              <dt>Leaf index</dt>
              <dd>{entry.index}</dd>
            </div>
            <div>
              <dt>Tree size</dt>
              <dd>{shown.checkpoint.treeSize.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Checkpoint</dt>
              <dd>
                Signed {shortDate(shown.checkpoint.timestamp)} by key <code>{shown.checkpoint.keyId}</code>
              </dd>
            </div>
            <div className="receipt-proof__wide">
              <dt>Checkpoint root</dt>
              <dd>
                <Hash value={shown.checkpoint.rootHash} />
              </dd>
            </div>
            <div className="receipt-proof__wide">
              <dt>Entry hash</dt>
              <dd>
                <Hash value={entry.hash} />
              </dd>
            </div>
            {check.state === 'good' && (
              <div className="receipt-proof__wide">
                <dt>Leaf hash, recomputed from the entry</dt>
                <dd>
                  <Hash value={check.leafHash} />
                </dd>
              </div>
            )}
          </dl>
          <details className="receipt-proof__path">
            <summary>
              Proof path ({shown.auditPath.length} sibling {shown.auditPath.length === 1 ? 'hash' : 'hashes'})
            </summary>
            {shown.auditPath.length === 0 ? (
              <p className="muted">The entry is the only leaf: its leaf hash is the root.</p>
            ) : (
              <ol>
                {shown.auditPath.map((hash, step) => (
                  <li key={`${step}-${hash}`}>
                    <Hash value={hash} />
                  </li>
                ))}
              </ol>
            )}
          </details>
        </>
      )}
    </li>
  );
}

/**
 * The receipt's proof: each ledger entry the donation became, proven included in a signed checkpoint of the
 * public ledger and checked here (receipt-proof.ts). One proof request per entry: a donation has a handful.
 */
export function ReceiptProofs({ donationId, entryIds }: { donationId: string; entryIds: string[] }) {
  const keys = useQuery(ledgerSigningKeysQuery());
  return (
    <Card as="section" aria-labelledby="receipt-proof">
      <h2 id="receipt-proof" className="card__title">
        Proof in the public ledger
      </h2>
      <p>
        Each step of this gift is an entry of the public ledger. Your browser recomputes each entry&rsquo;s
        hash from its content and checks its inclusion proof (RFC 6962) against the newest checkpoint Charity
        Arena signed (Ed25519), with no trust in this page&rsquo;s server for the arithmetic.
      </p>
      {entryIds.length === 0 ? (
        <p className="muted">This donation has no ledger entry yet.</p>
      ) : keys.isPending ? (
        <p className="muted">Loading the ledger&rsquo;s signing keys…</p>
      ) : keys.isError ? (
        <Alert tone="danger" title={`Could not load the ledger's signing keys: ${keys.error.message}`} />
      ) : (
        <ol className="receipt-proofs">
          {entryIds.map((entryId, position) => (
            <EntryProof
              key={entryId}
              entryId={entryId}
              donationId={donationId}
              keys={keys.data}
              position={position}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
