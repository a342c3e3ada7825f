import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ActiveSubscription, MemberProfile } from '@arena/contracts';
import { SubscriptionMessages as M } from '@arena/contracts/subscriptions.messages';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Badge, Button, Card, Modal, Skeleton, buttonClass } from '../../ui';
import { LoadError, useUpgrade } from './plans-page';
import {
  daysLabel,
  hasPaidSubscription,
  longDate,
  planName,
  planPrice,
  safeRedirect,
  statusLabel,
  subscriptionFailure,
} from './subscription-format';
import { activeSubscriptionQuery, subscriptionKeys, subscriptionsApi } from './subscriptions.queries';
import './subscriptions.css';

/** How often, and how long, the page reads the plan again after a cancel until the server has it. */
const POLL_EVERY_MS = 1_000;
const SETTLE_MS = 30_000;

/**
 * /subscription/manage (spec §2: sign-in required; shown after the provider's billing portal): the plan,
 * its status, next billing date and days remaining, Upgrade, Cancel at period end, and Manage payment.
 * It always reads the subscription afresh, and again when the member comes back to the tab, so what
 * was changed in the portal shows here.
 */
export function ManageSubscriptionPage({ member }: { member: MemberProfile }) {
  useDocumentTitle('Manage subscription');
  const queryClient = useQueryClient();
  // The cancel's answer, until the subscription read back says so too: the provider's webhook records the
  // cancel a moment after the answer, and a read before that must not show the plan renewing again.
  const [canceled, setCanceled] = useState<{ answer: ActiveSubscription; at: number } | null>(null);
  const awaitingCancel = (data: ActiveSubscription | undefined) =>
    canceled !== null && !data?.subscription?.cancelAtPeriodEnd;
  const active = useQuery({
    ...activeSubscriptionQuery(member.id),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) =>
      awaitingCancel(query.state.data) && query.state.dataUpdatedAt - (canceled?.at ?? 0) < SETTLE_MS
        ? POLL_EVERY_MS
        : false,
  });
  const shown = canceled && awaitingCancel(active.data) ? canceled.answer : active.data;
  const [confirming, setConfirming] = useState(false);
  const [openingPortal, setOpeningPortal] = useState(false);
  const upgrade = useUpgrade(member.id);

  const cancel = useMutation({
    mutationFn: () => subscriptionsApi.cancel(),
    onSuccess: async (answer) => {
      setConfirming(false);
      toast.success(answer.message ?? M.canceled);
      setCanceled({ answer: answer.data, at: Date.now() });
      queryClient.setQueryData(subscriptionKeys.active(member.id), answer.data);
      // Spec §4: cancel then refreshes the data.
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.active(member.id) });
    },
    onError: (error) => toast.error(subscriptionFailure(error, M.failedToCancel)),
  });

  const openPortal = async () => {
    setOpeningPortal(true);
    try {
      const portal = await subscriptionsApi.portal();
      const target = safeRedirect(portal.url);
      if (!target) throw new Error(M.failedToCreatePortal);
      window.location.assign(target);
    } catch (error) {
      toast.error(subscriptionFailure(error, M.failedToOpenPaymentManagement, M.failedToCreatePortal));
      setOpeningPortal(false);
    }
  };

  return (
    <div className="container subscription subscription--narrow">
      <header className="page-header">
        <p className="eyebrow">Subscription</p>
        <h1 className="page-header__title">Manage subscription</h1>
      </header>
      {active.isError ? (
        <LoadError error={active.error} onRetry={() => void active.refetch()} />
      ) : active.isPending || !shown ? (
        <Card className="subscription__card" aria-busy="true">
          <Skeleton height="1.5rem" width="40%" />
          <Skeleton lines={4} />
        </Card>
      ) : (
        <Card as="section" className="subscription__card" aria-labelledby="manage-plan">
          <div className="plan-card__head">
            <h2 id="manage-plan" className="card__title">
              {shown.plan.name}
            </h2>
            <Badge tone={shown.subscription?.cancelAtPeriodEnd ? 'accent' : 'primary'}>
              {statusLabel(shown)}
            </Badge>
          </div>
          <Facts active={shown} />
          <Notes active={shown} />
          <div className="cluster">
            {hasPaidSubscription(shown) ? (
              <>
                {shown.canUpgrade && shown.nextPlan && shown.nextPlan !== 'FREE' && (
                  <Button
                    onClick={() => upgrade.mutate(shown.nextPlan as 'PREMIUM' | 'PREMIUM_PLUS')}
                    disabled={upgrade.isPending}
                  >
                    {upgrade.isPending ? 'Upgrading…' : `Upgrade to ${planName(shown.nextPlan)}`}
                  </Button>
                )}
                {shown.subscription?.cancelAtPeriodEnd ? null : (
                  <Button variant="secondary" onClick={() => setConfirming(true)}>
                    Cancel subscription
                  </Button>
                )}
              </>
            ) : (
              <Link to="/subscription" className={buttonClass({ variant: 'primary' })}>
                See plans
              </Link>
            )}
            {shown.canManage && (
              <Button variant="secondary" onClick={() => void openPortal()} disabled={openingPortal}>
                {openingPortal ? 'Opening…' : 'Manage payment'}
              </Button>
            )}
          </div>
        </Card>
      )}
      <div className="cluster">
        <Link to="/profile" className={buttonClass({ variant: 'ghost' })}>
          Back to profile
        </Link>
        <Link to="/subscription" className={buttonClass({ variant: 'ghost' })}>
          Compare plans
        </Link>
      </div>
      <Modal open={confirming} title="Cancel your subscription?" onClose={() => setConfirming(false)}>
        <div className="stack">
          <p>
            {shown?.subscription
              ? `You keep ${shown.plan.name} until ${longDate(shown.subscription.currentPeriodEnd)}. After that you are on Free, and you are not charged again.`
              : 'Your plan ends at the end of this billing period.'}
          </p>
          <div className="cluster">
            <Button onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}

function Facts({ active }: { active: ActiveSubscription }) {
  const price = planPrice(active.plan);
  const subscription = active.subscription;
  const running = hasPaidSubscription(active);
  const items = [
    { label: 'Plan', value: active.plan.name },
    { label: 'Price', value: active.plan.priceCents === 0 ? 'Free' : `${price.amount} ${price.per}` },
    { label: 'Status', value: statusLabel(active) },
    ...(subscription && running
      ? [
          {
            label: subscription.cancelAtPeriodEnd ? 'Ends on' : 'Next billing date',
            value: longDate(subscription.currentPeriodEnd),
          },
          { label: 'Days remaining', value: daysLabel(active.daysRemaining) },
        ]
      : []),
  ];
  return (
    <dl className="subscription__facts">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Notes({ active }: { active: ActiveSubscription }) {
  const subscription = active.subscription;
  if (!subscription || subscription.status === 'canceled') {
    return <p className="muted">You are on Free. Subscribe to open Premium and Premium+ challenges.</p>;
  }
  if (subscription.cancelAtPeriodEnd) {
    return (
      <Alert title={M.canceled}>
        <p>
          {active.plan.name} stays yours until {longDate(subscription.currentPeriodEnd)}. Subscribe again any
          time after that.
        </p>
      </Alert>
    );
  }
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    return (
      <Alert tone="danger" title="Your last payment did not go through">
        <p>Update your card with Manage payment to keep your plan.</p>
      </Alert>
    );
  }
  if (subscription.status === 'incomplete') {
    return (
      <Alert title="Your first payment is not confirmed yet">
        <p>This page shows your plan as soon as the payment provider confirms it.</p>
      </Alert>
    );
  }
  return null;
}
