import { createFileRoute } from '@tanstack/react-router';
import { ManageSubscriptionPage } from '../features/subscriptions/manage-page';
import { PendingPage } from '../features/shell/pending-page';
import { requireMember } from '../lib/session';

export const Route = createFileRoute('/subscription/manage')({
  beforeLoad: requireMember,
  pendingComponent: PendingPage,
  pendingMs: 0,
  component: ManageRoute,
});

function ManageRoute() {
  const { member } = Route.useRouteContext();
  return <ManageSubscriptionPage member={member} />;
}
