import { createFileRoute } from '@tanstack/react-router';
import { charitySearchQuery, onboardedCharitiesQuery } from '../features/charities/charities.queries';
import { FindCharityPage } from '../features/charities/find-charity-page';
import { filtersOf, findCharitySearch } from '../features/charities/find-charity.search';

export const Route = createFileRoute('/find-charity')({
  validateSearch: findCharitySearch,
  loaderDeps: ({ search }) => ({ filters: filtersOf(search) }),
  // Starts both requests with the route (or on hover of a link to it) without holding the page back:
  // the page paints its skeletons at once and shows a failure itself.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(onboardedCharitiesQuery());
    void context.queryClient.prefetchInfiniteQuery(charitySearchQuery(deps.filters));
  },
  component: FindCharityRoute,
});

function FindCharityRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FindCharityPage
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      onClear={() => void navigate({ search: {} })}
    />
  );
}
