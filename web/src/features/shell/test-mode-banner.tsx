import { useQuery } from '@tanstack/react-query';
import { paymentsConfigQuery } from '../donations/donations.queries';

/**
 * On every page while the server runs the local payment driver (development, tests, or a production
 * deployment with TEST_MODE_DEPLOYMENT=true, docs/security.md): nothing paid here is real money, and a
 * visitor must not be able to think otherwise. Nothing shows until GET /api/config answers 'local'.
 */
export function TestModeBanner() {
  const payments = useQuery(paymentsConfigQuery());
  if (payments.data?.mode !== 'local') return null;
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
