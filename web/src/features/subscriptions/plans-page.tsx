import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ActiveSubscription, PaidPlan, Plan } from '@arena/contracts';
import { SubscriptionMessages as M } from '@arena/contracts/subscriptions.messages';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Alert, Badge, Button, Card, Skeleton, buttonClass } from '../../ui';
import { paymentsConfigQuery } from '../donations/donations.queries';
import { tournamentKeys } from '../tournaments/tournaments.queries';
import {
  hasPaidSubscription,
  loadFailure,
  planName,
  planPrice,
  renewalLine,
  safeRedirect,
  subscriptionFailure,
} from './subscription-format';
import {
  activeSubscriptionQuery,
  plansQuery,
  subscriptionKeys,
  subscriptionsApi,
} from './subscriptions.queries';
import './subscriptions.css';

/** What a guest is told on the way to sign in. */
export const SIGN_IN_TO_SUBSCRIBE = 'Log in to subscribe to a plan.';

/** 'Error loading subscription: …' with Retry (spec §8). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="danger" title={`${M.errorLoadingPrefix}${loadFailure(error, M.failedToLoad)}`}>
      <div className="cluster">
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}

/** Upgrades to the next plan (spec §4) and puts the answer in the cache; toasts either way. */
export function useUpgrade(memberId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planType: PaidPlan) => subscriptionsApi.upgrade(planType),
    onSuccess: (answer) => {
      if (memberId) queryClient.setQueryData(subscriptionKeys.active(memberId), answer.data);
      // What the member may join depends on the plan: the challenges are read again.
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
      toast.success(answer.message ?? M.upgraded);
    },
    onError: (error) => toast.error(subscriptionFailure(error, M.failedToUpgrade, M.failedToUpdate)),
  });
}

const isPaid = (plan: Plan): plan is Plan & { planType: PaidPlan } => plan.planType !== 'FREE';

/** /subscription (spec §2, §9): the three plans, the member's own marked, Subscribe or Upgrade. */
export function PlansPage() {
  useDocumentTitle('Subscription');
  const navigate = useNavigate();
  const session = useSession();
  const memberId = session?.status === 'member' ? session.member.id : null;
  const plans = useQuery(plansQuery());
  const active = useQuery({ ...activeSubscriptionQuery(memberId ?? ''), enabled: memberId !== null });
  const payments = useQuery(paymentsConfigQuery());
  const [opening, setOpening] = useState<PaidPlan>();
  const upgrade = useUpgrade(memberId);

  const subscribe = async (planType: PaidPlan) => {
    if (!memberId) {
      toast(SIGN_IN_TO_SUBSCRIBE);
      void navigate({ to: '/login', search: { redirect: '/subscription' } });
      return;
    }
    setOpening(planType);
    try {
      const checkout = await subscriptionsApi.checkout(planType);
      const target = safeRedirect(checkout.url);
      if (!target) throw new Error(M.failedToCreateCheckout);
      window.location.assign(target);
    } catch (error) {
      toast.error(subscriptionFailure(error, M.failedToSubscribe, M.failedToCreateCheckout));
      setOpening(undefined);
    }
  };

  const failed = plans.isError ? plans.error : active.isError ? active.error : null;
  const retry = () => {
    if (plans.isError) void plans.refetch();
    if (active.isError) void active.refetch();
  };
  // A member's cards wait for their plan, so a Subscribe never shows where an Upgrade belongs.
  const loading = plans.isPending || session === undefined || (memberId !== null && active.isPending);

  return (
    <div className="container subscription">
      <header className="page-header">
        <p className="eyebrow">Membership</p>
        <h1 className="page-header__title">Choose your plan</h1>
        <p className="lead">
          Paid plans open bigger prize pools and larger teams. Cancel any time: your plan lasts until the end
          of the period you paid for.
        </p>
        {payments.data?.mode === 'local' && (
          <p className="subscription__test-mode">
            <Badge tone="accent">Test mode</Badge> Payments are simulated: no card is charged.
          </p>
        )}
      </header>
      {failed ? (
        <LoadError error={failed} onRetry={retry} />
      ) : loading || !plans.data ? (
        <div className="subscription__plans" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Card key={index} className="plan-card">
              <Skeleton height="1.5rem" width="40%" />
              <Skeleton height="2.5rem" width="60%" />
              <Skeleton lines={3} />
            </Card>
          ))}
        </div>
      ) : (
        <>
          {active.data && hasPaidSubscription(active.data) && <CurrentPlanNote active={active.data} />}
          <ul className="subscription__plans" aria-label="Plans">
            {plans.data.map((plan) => (
              <li key={plan.planType}>
                <PlanCard
                  plan={plan}
                  active={active.data}
                  signedIn={memberId !== null}
                  action={
                    isPaid(plan) ? (
                      <PlanAction
                        plan={plan}
                        active={active.data}
                        busy={opening !== undefined || upgrade.isPending}
                        opening={opening === plan.planType}
                        upgrading={upgrade.isPending && upgrade.variables === plan.planType}
                        onSubscribe={() => void subscribe(plan.planType)}
                        onUpgrade={() => upgrade.mutate(plan.planType)}
                      />
                    ) : null
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted subscription__fine-print">
        Subscription fees are non-refundable except as required by law. See the{' '}
        <Link to="/terms">terms of use</Link> and <Link to="/howitworks">billing and refunds</Link>.
      </p>
    </div>
  );
}

function CurrentPlanNote({ active }: { active: ActiveSubscription }) {
  const renewal = renewalLine(active);
  return (
    <Alert title={`You are on ${active.plan.name}`}>
      {renewal && <p>{`${renewal}.`}</p>}
      <Link to="/subscription/manage" className={buttonClass({ variant: 'secondary', size: 'small' })}>
        Manage subscription
      </Link>
    </Alert>
  );
}

interface PlanCardProps {
  plan: Plan;
  active: ActiveSubscription | undefined;
  signedIn: boolean;
  action: ReactNode;
}

function PlanCard({ plan, active, signedIn, action }: PlanCardProps) {
  const current = active?.plan.planType === plan.planType;
  const price = planPrice(plan);
  const titleId = `plan-${plan.planType}`;
  return (
    <Card
      as="article"
      tone={current ? 'highlight' : 'plain'}
      className={current ? 'plan-card plan-card--current' : 'plan-card'}
      aria-labelledby={titleId}
    >
      <div className="plan-card__head">
        <h2 id={titleId} className="plan-card__name">
          {plan.name}
        </h2>
        {current && <Badge>Current plan</Badge>}
      </div>
      <p className="plan-card__price">
        <span className="plan-card__amount">{price.amount}</span>{' '}
        <span className="plan-card__per">{price.per}</span>
      </p>
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card__action">
        {action ??
          (signedIn ? (
            current ? (
              <p className="muted">Your plan. Every member can play Free challenges.</p>
            ) : (
              <p className="muted">Included in every plan.</p>
            )
          ) : (
            <Link to="/create-account" className={buttonClass({ variant: 'secondary', block: true })}>
              Join free
            </Link>
          ))}
      </div>
    </Card>
  );
}

interface PlanActionProps {
  plan: Plan & { planType: PaidPlan };
  active: ActiveSubscription | undefined;
  busy: boolean;
  opening: boolean;
  upgrading: boolean;
  onSubscribe: () => void;
  onUpgrade: () => void;
}

/** Subscribe on Free; on a paid plan, Upgrade to the next plan (spec §4), Manage for the plan itself. */
function PlanAction({ plan, active, busy, opening, upgrading, onSubscribe, onUpgrade }: PlanActionProps) {
  if (!hasPaidSubscription(active)) {
    return (
      <Button block onClick={onSubscribe} disabled={busy}>
        {opening ? 'Opening checkout…' : `Subscribe to ${plan.name}`}
      </Button>
    );
  }
  if (active?.plan.planType === plan.planType) {
    return (
      <Link to="/subscription/manage" className={buttonClass({ variant: 'secondary', block: true })}>
        Manage
      </Link>
    );
  }
  if (active?.canUpgrade && active.nextPlan === plan.planType) {
    return (
      <Button block onClick={onUpgrade} disabled={busy}>
        {upgrading ? 'Upgrading…' : `Upgrade to ${plan.name}`}
      </Button>
    );
  }
  return <p className="muted">{`Included in ${planName(active?.plan.planType ?? 'FREE')}.`}</p>;
}
