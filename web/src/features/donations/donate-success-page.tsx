import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PublicDonation } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { ApiError, callApi } from '../../lib/api-client';
import { Alert, Card, buttonClass } from '../../ui';
import './donations.css';

/** The webhook usually lands within seconds; after this long the page stops asking and says so. */
const POLL_EVERY_MS = 2000;
const GIVE_UP_AFTER_MS = 60_000;

/** The gift of this checkout session, or null while its webhook has not recorded it yet (404). */
async function findGift(sessionId: string, signal: AbortSignal): Promise<PublicDonation | null> {
  try {
    return (await callApi(routes.donations.byCheckout, { params: { sessionId }, signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** /donate/success?session_id=…: thanks, then the receipt once the payment provider has confirmed the gift. */
export function DonateSuccessPage({ sessionId }: { sessionId?: string }) {
  useDocumentTitle('Thank you');
  const [startedAt] = useState(Date.now);
  const gift = useQuery({
    queryKey: ['donations', 'checkout', { sessionId }],
    queryFn: ({ signal }) => findGift(sessionId ?? '', signal),
    enabled: sessionId !== undefined,
    refetchInterval: (query) =>
      query.state.data || query.state.dataUpdatedAt - startedAt > GIVE_UP_AFTER_MS ? false : POLL_EVERY_MS,
  });
  const gaveUp = !gift.data && gift.dataUpdatedAt - startedAt > GIVE_UP_AFTER_MS;

  return (
    <div className="container donate">
      <header className="page-header">
        <p className="eyebrow">Donation</p>
        <h1 className="page-header__title">Thank you for your gift</h1>
      </header>
      <Card as="section" className="donate__card" aria-labelledby="donate-success-status">
        <h2 id="donate-success-status" className="card__title">
          Your receipt
        </h2>
        {sessionId === undefined ? (
          <p>Your payment went through. Your receipt is emailed when you gave an address.</p>
        ) : gift.data ? (
          <div className="stack" role="status">
            <p>The payment provider confirmed your gift. It is now on the public ledger.</p>
            <Link
              to="/donate/receipt/$receiptCode"
              params={{ receiptCode: gift.data.receiptCode }}
              className={buttonClass({ variant: 'primary' })}
            >
              View receipt {gift.data.receiptCode}
            </Link>
          </div>
        ) : gaveUp || gift.isError ? (
          <Alert title="Your receipt is on its way">
            <p>
              The payment provider has not confirmed the gift yet. It appears on the ledger as soon as it
              does, and your receipt is emailed when you gave an address.
            </p>
          </Alert>
        ) : (
          <p role="status" aria-live="polite">
            Waiting for the payment provider to confirm your gift…
          </p>
        )}
      </Card>
      <div className="cluster">
        <Link to="/" hash="ledger" className={buttonClass({ variant: 'secondary' })}>
          See the donation ledger
        </Link>
        <Link to="/challenges" className={buttonClass({ variant: 'ghost' })}>
          Play a challenge
        </Link>
      </div>
    </div>
  );
}
