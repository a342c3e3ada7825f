import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/identity/login-page';
import { safeRedirect } from '../lib/safe-redirect';
import { searchSchema } from '../lib/search-params';
import { requireGuest } from '../lib/session';

/** `redirect`: the page to go back to after signing in; anything but a path of this site is dropped. */
const loginSearch = searchSchema({ redirect: safeRedirect });

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  beforeLoad: requireGuest,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
