import type { ConnectedAccount, PaymentEvent } from '../payments.port';

/**
 * The connected account an `account.updated` event reports, in the port's terms; undefined for any
 * other event. Handlers read the state from the event (events arrive in any order, so compare with
 * what was recorded, or call `retrieveConnectedAccount` for the latest).
 */
export function connectedAccountOf(event: PaymentEvent): ConnectedAccount | undefined {
  if (event.type !== 'account.updated') return undefined;
  const account = event.data.object as {
    id?: unknown;
    charges_enabled?: boolean | null;
    payouts_enabled?: boolean | null;
    details_submitted?: boolean | null;
    metadata?: Record<string, string> | null;
  };
  if (typeof account.id !== 'string') return undefined;
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    charityId: account.metadata?.charityId ?? null,
  };
}
