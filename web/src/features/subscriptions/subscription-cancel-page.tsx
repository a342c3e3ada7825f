import { Link } from '@tanstack/react-router';
import { SubscriptionMessages as M } from '@arena/contracts/subscriptions.messages';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Card, buttonClass } from '../../ui';
import './subscriptions.css';

/** /subscription/cancel?session_id=…&reason=… (spec §2, §8): the checkout was left; nothing was charged. */
export function SubscriptionCancelPage({ reason }: { sessionId?: string; reason?: string }) {
  useDocumentTitle('Checkout cancelled');
  const shown = reason?.trim() ? reason.trim() : M.paymentWasCancelled;
  return (
    <div className="container subscription subscription--narrow">
      <header className="page-header">
        <p className="eyebrow">Subscription</p>
        <h1 className="page-header__title">Checkout cancelled</h1>
      </header>
      <Card as="section" className="subscription__card" aria-labelledby="subscription-cancel-status">
        <h2 id="subscription-cancel-status" className="card__title">
          No subscription was started
        </h2>
        <Alert title={shown}>
          <p>You were not charged. Your plan is unchanged.</p>
        </Alert>
      </Card>
      <div className="cluster">
        <Link to="/subscription" className={buttonClass({ variant: 'primary' })}>
          Back to plans
        </Link>
        <Link to="/challenges" className={buttonClass({ variant: 'secondary' })}>
          Browse challenges
        </Link>
      </div>
    </div>
  );
}
