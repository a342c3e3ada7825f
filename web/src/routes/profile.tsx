import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/identity/profile-page';
import { PendingPage } from '../features/shell/pending-page';
import { requireMember } from '../lib/session';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireMember,
  pendingComponent: PendingPage,
  pendingMs: 0,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { member } = Route.useRouteContext();
  return <ProfilePage member={member} />;
}
