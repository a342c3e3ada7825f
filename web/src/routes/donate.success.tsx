import { createFileRoute } from '@tanstack/react-router';
import { DonateSuccessPage } from '../features/donations/donate-success-page';
import { donateSuccessSearch } from '../features/donations/donate.search';

export const Route = createFileRoute('/donate/success')({
  validateSearch: donateSuccessSearch,
  component: DonateSuccessRoute,
});

function DonateSuccessRoute() {
  return <DonateSuccessPage sessionId={Route.useSearch().session_id} />;
}
