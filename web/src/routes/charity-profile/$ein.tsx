import { createFileRoute } from '@tanstack/react-router';
import { charityProfileQuery } from '../../features/charities/charities.queries';
import { CharityProfileLoading } from '../../features/charities/charity-profile-loading';
import { CharityProfilePage } from '../../features/charities/charity-profile-page';

export const Route = createFileRoute('/charity-profile/$ein')({
  // Starts the request with the route (or on hover of a link to it) without holding the page back:
  // the page shows 'Loading charity profile...' and then the charity or what went wrong.
  loader: ({ context, params }) => {
    if (params.ein.trim()) void context.queryClient.prefetchQuery(charityProfileQuery(params.ein.trim()));
  },
  pendingComponent: CharityProfileLoading,
  component: CharityProfileRoute,
});

function CharityProfileRoute() {
  const { ein } = Route.useParams();
  return <CharityProfilePage ein={ein} />;
}
