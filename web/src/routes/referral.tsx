import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ReferralPage } from '../features/referral/referral-page';
import { referralOptionParam } from '../features/referral/referral-search';

const referralSearch = z.object({
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
