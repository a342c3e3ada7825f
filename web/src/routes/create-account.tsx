import { createFileRoute } from '@tanstack/react-router';
import { CreateAccountPage } from '../features/identity/create-account-page';
import { referralCodeParam, referralOptionParam } from '../features/referral/referral-search';
import { searchSchema } from '../lib/search-params';
import { requireGuest } from '../lib/session';
import { tokenStorage } from '../lib/tokens';

const createAccountSearch = searchSchema({
  ref: referralCodeParam,
  option: referralOptionParam,
});

export const Route = createFileRoute('/create-account')({
  validateSearch: createAccountSearch,
  beforeLoad: requireGuest,
  component: CreateAccountRoute,
});

/** The referral from the address, or else the one /join stored; an option only ever comes with its code. */
function CreateAccountRoute() {
  const { ref, option } = Route.useSearch();
  const referral = ref
    ? { code: ref, option }
    : { code: tokenStorage.referralCode() ?? undefined, option: tokenStorage.referralOption() };
  return (
    <CreateAccountPage
      referralCode={referral.code}
      referralOption={referral.code ? referral.option : undefined}
    />
  );
}
