import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginVerifyPage } from '../features/identity/login-verify-page';
import { requireGuest } from '../lib/session';

const loginVerifySearch = z.object({
  sessionId: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  channel: z.catch(z.optional(z.string()), undefined),
});

export const Route = createFileRoute('/login-verify')({
  validateSearch: loginVerifySearch,
  beforeLoad: requireGuest,
  component: LoginVerifyRoute,
});

function LoginVerifyRoute() {
  const { sessionId, channel } = Route.useSearch();
  return <LoginVerifyPage key={sessionId} sessionId={sessionId} channel={channel} />;
}
