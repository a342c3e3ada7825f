import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../features/donations/donate-page';
import { donateSearch } from '../features/donations/donate.search';

export const Route = createFileRoute('/donate/')({
  validateSearch: donateSearch,
  component: DonateRoute,
});

function DonateRoute() {
  const { ein, cancelled } = Route.useSearch();
  return <DonatePage ein={ein} cancelled={cancelled !== undefined} />;
}
