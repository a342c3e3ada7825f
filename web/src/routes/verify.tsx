import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { VerifyPage } from '../features/identity/verify-page';
import { requireGuest } from '../lib/session';

const verifySearch = z.object({
  sessionId: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
});

export const Route = createFileRoute('/verify')({
  validateSearch: verifySearch,
  beforeLoad: requireGuest,
  component: VerifyRoute,
});

function VerifyRoute() {
  const { sessionId } = Route.useSearch();
  return <VerifyPage key={sessionId} sessionId={sessionId} />;
}
