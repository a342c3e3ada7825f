import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import type { PlanType } from '@arena/contracts';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Alert, Card, buttonClass } from '../../ui';
import { planName, renewalLine } from './subscription-format';
import { activeSubscriptionQuery, checkoutStateQuery } from './subscriptions.queries';
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
 * /subscription/success?session_id=…&plan=… (spec §2): asks the server what became of the member's own
 * checkout (GET /subscriptions/checkout/{sessionId}) until it is paid, since the provider's webhook may
 * arrive after the member does. It says the payment went through only for a paid checkout of the member
 * signed in: a made-up or someone else's session id, or a guest, never sees that.
 */
export function SubscriptionSuccessPage({ sessionId, plan }: SubscriptionSuccessPageProps) {
  useDocumentTitle('Subscription checkout');
  const session = useSession();
  const href = useRouterState({ select: (state) => state.location.href });
  const memberId = session?.status === 'member' ? session.member.id : null;
  const [startedAt] = useState(Date.now);
  const expected = plan && plan !== 'FREE' ? plan : null;
  const checkout = useQuery({
    ...checkoutStateQuery(memberId ?? '', sessionId ?? ''),
    enabled: memberId !== null && sessionId !== undefined,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'paid' ||
      query.state.status === 'error' ||
      query.state.dataUpdatedAt - startedAt > GIVE_UP_AFTER_MS
        ? false
        : POLL_EVERY_MS,
  });
  const paidPlan = checkout.data?.status === 'paid' ? checkout.data.planType : null;
  const active = useQuery({
    ...activeSubscriptionQuery(memberId ?? ''),
    enabled: memberId !== null && paidPlan !== null,
    // Always asks afresh: a cached Free from before the checkout must not stand.
    staleTime: 0,
  });
  const gaveUp = !paidPlan && checkout.dataUpdatedAt - startedAt > GIVE_UP_AFTER_MS;
  const planLabel = expected ? planName(expected) : 'your new plan';

  const status = (() => {
    if (session === undefined) return <p role="status">Checking your checkout…</p>;
    if (memberId === null)
      return (
        <p>
          <Link to="/login" search={{ redirect: href }}>
            Log in
          </Link>{' '}
          to see whether your payment went through and which plan you are on.
        </p>
      );
    if (!sessionId || checkout.isError)
      return (
        <Alert title="We could not find this checkout">
          <p>
            This link does not name a checkout of yours. Your current plan is on the{' '}
            <Link to="/subscription">plans page</Link>.
          </p>
        </Alert>
      );
    if (paidPlan)
      return (
        <div className="stack" role="status">
          <p>
            Your payment went through. You are on <strong>{planName(paidPlan)}</strong>. Its challenges are
            open to you now.
          </p>
          {active.data && renewalLine(active.data) && <p className="muted">{renewalLine(active.data)}.</p>}
        </div>
      );
    if (gaveUp)
      return (
        <Alert title="Your plan is on its way">
          <p>
            The payment provider has not confirmed {planLabel} yet. It appears on your profile as soon as it
            does.
          </p>
        </Alert>
      );
    return (
      <p role="status" aria-live="polite">
        Waiting for the payment provider to confirm {planLabel}…
      </p>
    );
  })();

  return (
    <div className="container subscription subscription--narrow">
      <header className="page-header">
        <p className="eyebrow">Subscription</p>
        <h1 className="page-header__title">{paidPlan ? 'Thank you for subscribing' : 'Your checkout'}</h1>
      </header>
      <Card as="section" className="subscription__card" aria-labelledby="subscription-success-status">
        <h2 id="subscription-success-status" className="card__title">
          {paidPlan ? `${planName(paidPlan)} plan` : expected ? `${planName(expected)} plan` : 'Your plan'}
        </h2>
        {status}
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
