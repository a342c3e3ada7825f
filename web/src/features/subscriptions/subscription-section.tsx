import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Card, Skeleton, buttonClass } from '../../ui';
import { daysLabel, hasPaidSubscription, longDate, statusLabel } from './subscription-format';
import { activeSubscriptionQuery } from './subscriptions.queries';
import './subscriptions.css';

/** The profile's Subscription (spec §2 "Profile"): the plan, its status, when it renews or ends, and where to go. */
export function SubscriptionSection({ memberId }: { memberId: string }) {
  const active = useQuery(activeSubscriptionQuery(memberId));
  const paid = hasPaidSubscription(active.data);
  const subscription = active.data?.subscription;
  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-subscription">
      <h2 id="profile-subscription" className="card__title">
        Subscription
      </h2>
      {active.isPending ? (
        <Skeleton lines={2} />
      ) : active.isError ? (
        <div className="stack">
          <p className="muted">Your subscription could not be loaded.</p>
          <div className="cluster">
            <Button variant="secondary" size="small" onClick={() => void active.refetch()}>
              Retry
            </Button>
          </div>
        </div>
      ) : (
        <>
          <dl className="subscription__facts">
            <div>
              <dt>Plan</dt>
              <dd>{active.data.plan.name}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{statusLabel(active.data)}</dd>
            </div>
            {paid && subscription && (
              <div>
                <dt>{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
                <dd>
                  {longDate(subscription.currentPeriodEnd)} ({daysLabel(active.data.daysRemaining)})
                </dd>
              </div>
            )}
          </dl>
          <div className="cluster">
            {paid ? (
              <Link to="/subscription/manage" className={buttonClass({ variant: 'secondary' })}>
                Manage Subscription
              </Link>
            ) : (
              <Link to="/subscription" className={buttonClass({ variant: 'primary' })}>
                See Plans
              </Link>
            )}
            {paid && active.data.canUpgrade && (
              <Link to="/subscription" className={buttonClass({ variant: 'ghost' })}>
                Upgrade
              </Link>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
