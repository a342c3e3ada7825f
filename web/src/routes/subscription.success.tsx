import { createFileRoute } from '@tanstack/react-router';
import { subscriptionSuccessSearch } from '../features/subscriptions/subscription-return.search';
import { SubscriptionSuccessPage } from '../features/subscriptions/subscription-success-page';

export const Route = createFileRoute('/subscription/success')({
  validateSearch: subscriptionSuccessSearch,
  component: SubscriptionSuccessRoute,
});

function SubscriptionSuccessRoute() {
  const { session_id, plan } = Route.useSearch();
  return <SubscriptionSuccessPage sessionId={session_id} plan={plan} />;
}
