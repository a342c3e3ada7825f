import { createFileRoute } from '@tanstack/react-router';
import { ReferralPage } from '../features/referral/referral-page';
import { referralOptionParam } from '../features/referral/referral-search';
import { searchSchema } from '../lib/search-params';

const referralSearch = searchSchema({
  option: referralOptionParam,
});

export const Route = createFileRoute('/referral')({
  validateSearch: referralSearch,
  component: ReferralPageRoute,
});

function ReferralPageRoute() {
  const { option } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReferralPage
      option={option}
      onOptionChange={(next) => void navigate({ search: { option: next }, replace: true })}
    />
  );
}
