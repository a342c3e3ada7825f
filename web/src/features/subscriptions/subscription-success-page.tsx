import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PlanType } from '@arena/contracts';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Alert, Card, buttonClass } from '../../ui';
import { planName, renewalLine } from './subscription-format';
import { activeSubscriptionQuery } from './subscriptions.queries';
import './subscriptions.css';

/** The webhook usually lands within seconds; after this long the page stops asking and says so. */
const POLL_EVERY_MS = 2000;
const GIVE_UP_AFTER_MS = 60_000;

export interface SubscriptionSuccessPageProps {
  sessionId?: string;
  /** The plan paid for (the checkout's success URL names it). */
  plan?: PlanType;
}

/**
 * /subscription/success?session_id=…&plan=… (spec §2): thanks, then asks GET /subscriptions/active until
 * the plan shows, since the provider's webhook may arrive after the member does.
 */
export function SubscriptionSuccessPage({ sessionId, plan }: SubscriptionSuccessPageProps) {
  useDocumentTitle('Subscription confirmed');
  const session = useSession();
  const memberId = session?.status === 'member' ? session.member.id : null;
  const [startedAt] = useState(Date.now);
  const expected = plan && plan !== 'FREE' ? plan : null;
  const reached = (planType: PlanType | undefined) =>
    planType !== undefined && (expected ? planType === expected : planType !== 'FREE');
  const active = useQuery({
    ...activeSubscriptionQuery(memberId ?? ''),
    enabled: memberId !== null,
    // Always asks afresh: a cached Free from before the checkout must not stand.
    staleTime: 0,
    refetchInterval: (query) =>
      reached(query.state.data?.plan.planType) || query.state.dataUpdatedAt - startedAt > GIVE_UP_AFTER_MS
        ? false
        : POLL_EVERY_MS,
  });
  const confirmed = active.data && reached(active.data.plan.planType) ? active.data : null;
  const gaveUp = !confirmed && active.dataUpdatedAt - startedAt > GIVE_UP_AFTER_MS;
  const planLabel = expected ? planName(expected) : 'your new plan';

  return (
    <div className="container subscription subscription--narrow">
      <header className="page-header">
        <p className="eyebrow">Subscription</p>
        <h1 className="page-header__title">Thank you for subscribing</h1>
      </header>
      <Card as="section" className="subscription__card" aria-labelledby="subscription-success-status">
        <h2 id="subscription-success-status" className="card__title">
          {expected ? `${planName(expected)} plan` : 'Your plan'}
        </h2>
        {memberId === null && session !== undefined ? (
          <p>
            Your payment went through. <Link to="/login">Log in</Link> to see your plan.
          </p>
        ) : confirmed ? (
          <div className="stack" role="status">
            <p>
              You are on <strong>{confirmed.plan.name}</strong>. Its challenges are open to you now.
            </p>
            {renewalLine(confirmed) && <p className="muted">{renewalLine(confirmed)}.</p>}
          </div>
        ) : gaveUp || active.isError ? (
          <Alert title="Your plan is on its way">
            <p>
              The payment provider has not confirmed {planLabel} yet. It appears on your profile as soon as it
              does.
            </p>
          </Alert>
        ) : (
          <p role="status" aria-live="polite">
            Waiting for the payment provider to confirm {planLabel}…
          </p>
        )}
        {sessionId && <p className="muted subscription__reference">Reference: {sessionId}</p>}
      </Card>
      <div className="cluster">
        <Link to="/profile" className={buttonClass({ variant: 'primary' })}>
          Go to your profile
        </Link>
        <Link to="/challenges" className={buttonClass({ variant: 'secondary' })}>
          Browse challenges
        </Link>
      </div>
    </div>
  );
}
