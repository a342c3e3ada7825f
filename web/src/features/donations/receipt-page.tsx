import { useQuery } from '@tanstack/react-query';
import { DonationMessages as M, donationStatusLabel } from '@arena/contracts/donations.messages';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Card, Skeleton } from '../../ui';
import { dollars, shortDate } from './donation-format';
import { receiptQuery } from './donations.queries';
import { ReceiptProofs } from './receipt-proofs';
import './donations.css';

const HISTORY_LABELS = {
  received: 'Received',
  directed: 'Directed',
  pending: 'Sent to the nonprofit',
  cleared: 'Cleared to the nonprofit',
  failed: 'Transfer failed',
  'payout-failed': "The nonprofit's bank payout failed: the money waits on its payment account",
  reversed: 'Returned to Charity Arena, to be sent again',
  // Issue 20: a gift's charge refunded or disputed.
  refunded: 'Refunded to the donor',
  disputed: 'Payment disputed',
  'dispute-won': 'Dispute closed: the gift stands',
  'dispute-lost': 'Dispute closed: the payment was returned',
} as const;

/** /donate/receipt/{receiptCode}: one donation, its status and its history (spec §2, §4). */
export function ReceiptPage({ receiptCode }: { receiptCode: string }) {
  useDocumentTitle(`Receipt ${receiptCode}`);
  const receipt = useQuery(receiptQuery(receiptCode));

  if (receipt.isPending) {
    return (
      <div className="container donate" aria-busy="true">
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (receipt.isError) {
    const notFound = receipt.error instanceof ApiError && receipt.error.status === 404;
    return (
      <div className="container donate">
        <h1 className="page-header__title">{notFound ? M.receiptNotFound : 'Error loading receipt'}</h1>
        {!notFound && <Alert tone="danger" title={receipt.error.message} />}
        <a href="/ledger">Open the public ledger</a>
      </div>
    );
  }

  const { donation, history, ledgerEntryIds } = receipt.data;
  return (
    <div className="container donate">
      <header className="page-header">
        <p className="eyebrow">Donation receipt</p>
        <h1 className="page-header__title">Receipt {donation.receiptCode}</h1>
      </header>
      <Card as="section" aria-labelledby="receipt-details">
        <h2 id="receipt-details" className="card__title">
          {dollars(donation.amountCents)} to {donation.nonprofit ?? 'the donation pool'}
        </h2>
        <dl className="receipt__facts">
          <div>
            <dt>Status</dt>
            <dd>{donationStatusLabel(donation.status)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{shortDate(donation.datetime)}</dd>
          </div>
          <div>
            <dt>Directed by</dt>
            <dd>{donation.directedBy}</dd>
          </div>
          <div>
            <dt>Source</dt>
            <dd>{donation.source}</dd>
          </div>
          {donation.nonprofitEin && (
            <div>
              <dt>Nonprofit EIN</dt>
              <dd>{donation.nonprofitEin}</dd>
            </div>
          )}
          {donation.stripeId && (
            <div>
              <dt>Payment provider id</dt>
              <dd>
                <code>{donation.stripeId}</code>
              </dd>
            </div>
          )}
        </dl>
      </Card>
      <Card as="section" aria-labelledby="receipt-history">
        <h2 id="receipt-history" className="card__title">
          History
        </h2>
        <ol className="receipt__history">
          {history.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              <strong>{HISTORY_LABELS[step.status]}</strong>{' '}
              <span className="muted">{shortDate(step.at)}</span>
              {step.note && <p className="muted">{step.note}</p>}
            </li>
          ))}
        </ol>
        <p>
          Every step is an entry of the verifiable ledger. <a href="/ledger">Check it on the ledger</a>
        </p>
      </Card>
      <ReceiptProofs donationId={donation.id} entryIds={ledgerEntryIds} />
    </div>
  );
}
