import { createFileRoute, redirect } from '@tanstack/react-router';

/** The payment provider's return page (spec §2): on to the email code, step 4. */
export const Route = createFileRoute('/charity-onboarding/success')({
  beforeLoad: () => {
    throw redirect({ to: '/charity-onboarding', search: { step: 4, fromStripe: true }, replace: true });
  },
});
