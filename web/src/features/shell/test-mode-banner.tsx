import { useQuery } from '@tanstack/react-query';
import { paymentsConfigQuery } from '../donations/donations.queries';

/**
 * On every page while the server runs the local payment driver (development, tests, or a production
 * deployment with TEST_MODE_DEPLOYMENT=true, docs/security.md): nothing paid here is real money, and a
 * visitor must not be able to think otherwise. The API marks the page it serves (`<html data-payments="local">`,
 * apps/api/src/web/spa-fallback.ts), so the banner is in the first paint and never pushes the page down;
 * without the mark (the Vite dev server) it shows when GET /api/config answers 'local', and that answer,
 * once in, decides.
 */
export function TestModeBanner() {
  const payments = useQuery(paymentsConfigQuery());
  // The answer, once in, decides; until then the page's mark does.
  const marked = document.documentElement.dataset.payments === 'local' ? 'local' : undefined;
  if ((payments.data?.mode ?? marked) !== 'local') return null;
  return (
    // A landmark of its own, so the notice is not content outside every landmark (axe's region rule).
    <aside aria-label="Test mode notice">
      <div className="test-mode-banner" role="note" aria-label="Test mode">
        <p className="container test-mode-banner__text">
          <strong>Test mode:</strong> no real money moves. Payments take test cards only, and no gift made
          here reaches a charity.
        </p>
      </div>
    </aside>
  );
}
