import { createFileRoute } from '@tanstack/react-router';
import { UnlockSignInPage } from '../features/identity/unlock-sign-in-page';
import { searchSchema, text } from '../lib/search-params';

const unlockSearch = searchSchema({
  token: text({ min: 1, max: 100 }),
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
