import { CharityMessages } from '@arena/contracts/charities.messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Alert, Button } from '../../../ui';
import { saveOnboarding } from './onboarding-storage';
import { onboardingApi, paymentsModeQuery } from './onboarding.queries';
import { einDigits, type OrganizationDetails } from './onboarding.rules';

export interface PaymentStepProps {
  details: OrganizationDetails;
  onBack: () => void;
  /** The account can take payouts already: on to the email code. */
  onComplete: () => void;
}

/**
 * Step 3: the terms, then Connect opens (or resumes) the charity's payout account with the payment
 * provider. While the provider still needs details, the page saves the onboarding data (spec §3) and
 * leaves for the provider's hosted form, which comes back to step 4.
 */
export function PaymentStep({ details, onBack, onComplete }: PaymentStepProps) {
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const mode = useQuery(paymentsModeQuery).data;

  const connect = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await onboardingApi.linkPaymentAccount({
        ein: einDigits(details.ein)!,
        organizationName: details.organizationName,
        description: details.description,
        category: 'nonprofit',
        email: details.email,
      });
      saveOnboarding({
        ein: einDigits(details.ein)!,
        organizationName: details.organizationName,
        stripeAccountId: answer.stripeAccountId,
        charityId: answer.charityId,
      });
      if (answer.stripeStatus === 'COMPLETE') {
        setBusy(false);
        onComplete();
      } else if (answer.verificationUrl) {
        // The page stays busy: it is leaving for the provider's form.
        window.location.assign(answer.verificationUrl);
      } else {
        throw new Error('no verification URL');
      }
    } catch (error) {
      setBusy(false);
      // The server's reason (an EIN another account holds, say) says more than the generic message.
      const reason = error instanceof ApiError && error.status !== 0 ? error.message : undefined;
      setFailure(reason && reason !== CharityMessages.failedToLinkPaymentAccount ? reason : '');
    }
  };

  return (
    <div className="stack">
      <p>
        Donations reach <strong>{details.organizationName}</strong> (EIN {details.ein}) through a payout
        account with our payment provider, Stripe. Connect opens its secure form, where you confirm your
        organization and the bank account that receives the transfers; then you come back here.
      </p>
      {mode === 'local' && (
        <Alert title="Test mode">
          <p>
            Payments run on the local test provider: its form stands in for Stripe's, and no real account is
            opened and no money moves.
          </p>
        </Alert>
      )}
      {failure !== undefined && (
        <Alert tone="danger" title={CharityMessages.failedToLinkPaymentAccount}>
          {failure && <p>{failure}</p>}
        </Alert>
      )}
      <label className="onboarding__check">
        <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
        <span>
          I am authorized to act for this organization, and I accept the{' '}
          <Link to="/terms" target="_blank">
            Terms of Use
          </Link>{' '}
          and the payment provider's connected account terms.
        </span>
      </label>
      {!accepted && (
        <p className="muted onboarding__note" id="onboarding-terms-note">
          Tick the box to connect the payment account.
        </p>
      )}
      <div className="cluster onboarding__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button
          onClick={() => void connect()}
          disabled={!accepted || busy}
          aria-describedby={accepted ? undefined : 'onboarding-terms-note'}
        >
          {busy ? 'Connecting...' : 'Connect'}
        </Button>
      </div>
    </div>
  );
}
