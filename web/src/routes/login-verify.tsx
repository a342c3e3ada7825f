import { createFileRoute } from '@tanstack/react-router';
import { LoginVerifyPage } from '../features/identity/login-verify-page';
import { safeRedirect } from '../lib/safe-redirect';
import { searchSchema, text } from '../lib/search-params';
import { requireGuest } from '../lib/session';

const loginVerifySearch = searchSchema({
  sessionId: text({ min: 1 }),
  channel: text(),
  redirect: safeRedirect,
});

export const Route = createFileRoute('/login-verify')({
  validateSearch: loginVerifySearch,
  beforeLoad: requireGuest,
  component: LoginVerifyRoute,
});

function LoginVerifyRoute() {
  const { sessionId, channel, redirect } = Route.useSearch();
  return <LoginVerifyPage key={sessionId} sessionId={sessionId} channel={channel} redirect={redirect} />;
}
