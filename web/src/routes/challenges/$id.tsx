import { createFileRoute } from '@tanstack/react-router';
import { ChallengeDetailPage } from '../../features/tournaments/challenge-detail-page';
// Its own module: the pending component stays in the first bundle, the page does not.
import { ChallengeDetailSkeleton } from '../../features/tournaments/challenge-detail-skeleton';
import { tournamentDetailQuery } from '../../features/tournaments/tournaments.queries';

export const Route = createFileRoute('/challenges/$id')({
  // Starts the request with the route (or on hover of a link to it) without holding the page back:
  // the page paints its skeleton at once and shows 'Tournament not found' or a retry itself.
  loader: ({ context, params }) => {
    if (params.id.trim()) void context.queryClient.prefetchQuery(tournamentDetailQuery(params.id.trim()));
  },
  pendingComponent: ChallengeDetailSkeleton,
  component: ChallengeDetailRoute,
});

function ChallengeDetailRoute() {
  const { id } = Route.useParams();
  return <ChallengeDetailPage tournamentId={id} />;
}
