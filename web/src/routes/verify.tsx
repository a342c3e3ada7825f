import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../features/identity/verify-page';
import { searchSchema, text } from '../lib/search-params';
import { requireGuest } from '../lib/session';

const verifySearch = searchSchema({
  sessionId: text({ min: 1 }),
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
