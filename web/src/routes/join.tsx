import { createFileRoute, redirect } from '@tanstack/react-router';
import { referralCodeParam, referralOptionParam } from '../features/referral/referral-search';
import { searchSchema } from '../lib/search-params';
import { tokenStorage } from '../lib/tokens';

const joinSearch = searchSchema({
  ref: referralCodeParam,
  option: referralOptionParam,
});

/** A shared referral link: keep the code and the reward it chose for sign-up, then show the sign-up form. */
export const Route = createFileRoute('/join')({
  validateSearch: joinSearch,
  beforeLoad: ({ search, preload }) => {
    if (preload) return;
    if (!search.ref) throw redirect({ to: '/create-account', replace: true });
    tokenStorage.setReferral(search.ref, search.option);
    throw redirect({
      to: '/create-account',
      search: search.option ? { ref: search.ref, option: search.option } : { ref: search.ref },
      replace: true,
    });
  },
});
