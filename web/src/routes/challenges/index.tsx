import { createFileRoute } from '@tanstack/react-router';
import { ChallengeListPage } from '../../features/tournaments/challenge-list-page';
import { challengeListSearch } from '../../features/tournaments/challenge-list.search';
import { tournamentListQuery } from '../../features/tournaments/tournaments.queries';

export const Route = createFileRoute('/challenges/')({
  validateSearch: challengeListSearch,
  // The server filters by status; the format is filtered on the page, so only status refetches.
  loaderDeps: ({ search }) => ({ status: search.status }),
  // Starts the request with the route (or on hover of a link to it) without holding the page back:
  // the page paints its skeleton at once, and a failure shows on it with Try Again, not as a route error.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(tournamentListQuery(deps));
  },
  component: ChallengesRoute,
});

function ChallengesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChallengeListPage
      search={search}
      onFormatChange={(format) => void navigate({ search: (prev) => ({ ...prev, format }), replace: true })}
      onClearFilters={() => void navigate({ search: {} })}
    />
  );
}
