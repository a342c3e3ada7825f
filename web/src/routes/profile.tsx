import { createFileRoute } from '@tanstack/react-router';
import { ProfileError } from '../features/identity/profile-error';
import { ProfilePage } from '../features/identity/profile-page';
import { PendingPage } from '../features/shell/pending-page';
import { gameStatsQuery } from '../features/tournaments/tournaments.queries';
import { requireMember } from '../lib/session';

export const Route = createFileRoute('/profile')({
  beforeLoad: requireMember,
  // Starts the game statistics with the route; the page shows its skeleton rather than waiting for them.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(gameStatsQuery(context.member.id));
  },
  pendingComponent: PendingPage,
  errorComponent: ProfileError,
  pendingMs: 0,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { member } = Route.useRouteContext();
  return <ProfilePage member={member} />;
}
