import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPage } from '../features/identity/login-page';
import { safeRedirect } from '../lib/safe-redirect';
import { requireGuest } from '../lib/session';

/** `redirect`: the page to go back to after signing in; anything but a path of this site is dropped. */
const loginSearch = z.object({
  redirect: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value: string) => safeRedirect(value)),
      ),
    ),
    undefined,
  ),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  beforeLoad: requireGuest,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
