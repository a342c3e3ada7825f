import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginVerifyPage } from '../features/identity/login-verify-page';
import { safeRedirect } from '../lib/safe-redirect';
import { requireGuest } from '../lib/session';

const loginVerifySearch = z.object({
  sessionId: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  channel: z.catch(z.optional(z.string()), undefined),
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

export const Route = createFileRoute('/login-verify')({
  validateSearch: loginVerifySearch,
  beforeLoad: requireGuest,
  component: LoginVerifyRoute,
});

function LoginVerifyRoute() {
  const { sessionId, channel, redirect } = Route.useSearch();
  return <LoginVerifyPage key={sessionId} sessionId={sessionId} channel={channel} redirect={redirect} />;
}
