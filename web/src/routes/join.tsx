import { createFileRoute, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { tokenStorage } from '../lib/tokens';

const joinSearch = z.object({
  ref: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))), undefined),
});

/** A shared referral link: keep the code for sign-up, then show the sign-up form. */
export const Route = createFileRoute('/join')({
  validateSearch: joinSearch,
  beforeLoad: ({ search, preload }) => {
    if (preload) return;
    if (search.ref) tokenStorage.setReferralCode(search.ref);
    throw redirect(
      search.ref
        ? { to: '/create-account', search: { ref: search.ref }, replace: true }
        : { to: '/create-account', replace: true },
    );
  },
});
