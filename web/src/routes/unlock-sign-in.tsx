import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { UnlockSignInPage } from '../features/identity/unlock-sign-in-page';

const unlockSearch = z.object({
  token: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined),
});

/** The emailed "it was me" link: /unlock-sign-in?token=… */
export const Route = createFileRoute('/unlock-sign-in')({
  validateSearch: unlockSearch,
  component: UnlockSignInRoute,
});

function UnlockSignInRoute() {
  const { token } = Route.useSearch();
  return <UnlockSignInPage key={token} token={token} />;
}
