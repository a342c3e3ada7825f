import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ReferralPage } from '../features/referral/referral-page';

const referralSearch = z.object({
  option: z.catch(z.optional(z.union([z.literal(1), z.literal(2)])), undefined),
});

export const Route = createFileRoute('/referral')({
  validateSearch: referralSearch,
  component: ReferralPageRoute,
});

function ReferralPageRoute() {
  const { option = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReferralPage
      option={option}
      onOptionChange={(next) => void navigate({ search: { option: next }, replace: true })}
    />
  );
}
