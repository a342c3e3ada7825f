import { CharityMessages } from '@arena/contracts/charities.messages';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { Badge, Button } from '../../../ui';
import { CharityChecklist } from './charity-checklist';
import { forgetOnboarding, readSavedOnboarding } from './onboarding-storage';
import { onboardingStatusQuery } from './onboarding.queries';

/** How long step 5 keeps asking whether the provider's webhook has verified the payout account. */
const POLL_MS = 2000;
const POLLS = 30;

/**
 * Step 5: where the charity stands. The payout account is verified by the provider's webhook, not by
 * the return to this page, so the step asks again for a while until it is.
 */
export function AllSetStep({ onError }: { onError: (message: string) => void }) {
  const navigate = useNavigate();
  const [saved] = useState(readSavedOnboarding);
  const charityId = saved.kind === 'found' ? saved.saved.charityId : '';
  const status = useQuery({
    ...onboardingStatusQuery(charityId),
    enabled: saved.kind === 'found',
    refetchInterval: (query) =>
      query.state.data?.isVerified || query.state.dataUpdateCount >= POLLS ? false : POLL_MS,
  });

  useEffect(() => {
    if (saved.kind === 'missing') onError(CharityMessages.noOnboardingData);
    else if (saved.kind === 'no-account') onError(CharityMessages.missingPaymentAccount);
  }, [saved, onError]);

  useEffect(() => {
    if (status.error) {
      onError(status.error instanceof ApiError ? status.error.message : CharityMessages.noOnboardingData);
    }
  }, [status.error, onError]);

  if (saved.kind !== 'found') return null;
  if (!status.data) return <p role="status">Loading...</p>;

  const charity = status.data;
  const finish = () => {
    forgetOnboarding();
    void navigate({ to: '/profile' });
  };
  return (
    <div className="stack">
      <p className="onboarding__verdict">
        <strong>{charity.organizationName}</strong>{' '}
        {charity.isVerified ? (
          <Badge>{CharityMessages.verifiedCharity}</Badge>
        ) : (
          <Badge tone="accent">{CharityMessages.pendingVerification}</Badge>
        )}
      </p>
      <p>
        {charity.isVerified
          ? 'Your charity is verified: players can choose it, and the donations they direct reach its payout account.'
          : 'Your charity is verified as soon as everything below is done. You can finish now: your profile shows where it stands.'}
      </p>
      <CharityChecklist charity={charity} />
      {!charity.isVerified && status.isFetching && (
        <p className="muted" role="status">
          Checking with the payment provider...
        </p>
      )}
      <div className="cluster onboarding__actions">
        <Button onClick={finish}>Finish</Button>
      </div>
    </div>
  );
}
