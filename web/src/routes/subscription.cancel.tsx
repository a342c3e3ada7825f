import { createFileRoute } from '@tanstack/react-router';
import { subscriptionCancelSearch } from '../features/subscriptions/subscription-return.search';
import { SubscriptionCancelPage } from '../features/subscriptions/subscription-cancel-page';

export const Route = createFileRoute('/subscription/cancel')({
  validateSearch: subscriptionCancelSearch,
  component: SubscriptionCancelRoute,
});

function SubscriptionCancelRoute() {
  const { session_id, reason } = Route.useSearch();
  return <SubscriptionCancelPage sessionId={session_id} reason={reason} />;
}
