import { CharityMessages } from '@arena/contracts/charities.messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client';
import { Alert, Button } from '../../../ui';
import { CodeBoxes } from './code-boxes';
import { readSavedOnboarding } from './onboarding-storage';
import { onboardingApi, onboardingKeys, onboardingStatusQuery } from './onboarding.queries';

/** Spec §9: a 6-digit code, a new one after 60 s (the contract's ONBOARDING_CODE_LENGTH and …_RESEND_SECONDS). */
const CODE_LENGTH = 6;
const RESEND_SECONDS = 60;

export interface CodeStepProps {
  fromStripe: boolean;
  onVerified: () => void;
  onError: (message: string) => void;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * Step 4, where the provider's form returns: the saved onboarding data says which charity came back;
 * a code goes to the charity's email, typed one digit a box, and sent on the sixth.
 */
export function CodeStep({ fromStripe, onVerified, onError }: CodeStepProps) {
  const [saved] = useState(readSavedOnboarding);
  const charityId = saved.kind === 'found' ? saved.saved.charityId : '';
  const status = useQuery({ ...onboardingStatusQuery(charityId), enabled: saved.kind === 'found' });
  const queryClient = useQueryClient();
  const [emailHint, setEmailHint] = useState<string>();
  const [resendAt, setResendAt] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const sentFor = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (saved.kind === 'missing') onError(CharityMessages.noOnboardingData);
    else if (saved.kind === 'no-account') onError(CharityMessages.missingPaymentAccount);
  }, [saved, onError]);

  useEffect(() => {
    if (status.error) onError(messageOf(status.error, CharityMessages.noOnboardingData));
  }, [status.error, onError]);

  const waitForResend = (seconds: number) => {
    const sentAt = Date.now();
    setNow(sentAt);
    setResendAt(sentAt + seconds * 1000);
  };

  /** `resend`: the member asked for another code; the first one goes out on its own. */
  const send = async (resend: boolean) => {
    try {
      const sent = await onboardingApi.sendCode(charityId);
      setEmailHint(sent.emailHint);
      waitForResend(sent.resendAfterSeconds || RESEND_SECONDS);
      toast.success(resend ? 'Verification code resent!' : CharityMessages.onboardingCodeSent);
    } catch (failure) {
      // Too soon after the last one (this page reloaded): the code already sent still works.
      waitForResend(RESEND_SECONDS);
      if (failure instanceof ApiError && failure.status === 429 && !resend) return;
      toast.error(messageOf(failure, resend ? 'Failed to resend code' : 'Failed to send code'));
    }
  };

  // Confirmed by the code, or by an operator when the email is not on the website's domain (issue 21).
  const verified = status.data?.emailVerified === true || status.data?.review === 'APPROVED';
  const heldForReview = status.data?.verification === 'OPERATOR_REVIEW' && !verified;
  useEffect(() => {
    if (!status.data) return;
    if (verified) {
      onVerified();
      return;
    }
    if (heldForReview || sentFor.current === charityId) return;
    sentFor.current = charityId;
    void send(false);
    // Sends once per charity, when its status first says the email is still to be confirmed.
  }, [status.data, verified, charityId]);

  const waiting = resendAt !== undefined && resendAt > now;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const verify = async (code: string) => {
    setVerifying(true);
    setError(undefined);
    try {
      const answer = await onboardingApi.verifyCode(charityId, code);
      queryClient.setQueryData(onboardingKeys.status(charityId), answer);
      toast.success('Charity email confirmed');
      onVerified();
    } catch (failure) {
      setError(messageOf(failure, CharityMessages.onboardingCodeWrongOrExpired));
      setAttempt((count) => count + 1);
    } finally {
      setVerifying(false);
    }
  };

  if (saved.kind !== 'found') return null;
  if (!status.data || verified) return <p role="status">Loading...</p>;

  if (heldForReview) {
    return (
      <Alert title="Waiting for an operator's review">
        <p>{CharityMessages.heldForReview}</p>
        <p>
          <strong>{status.data.organizationName}</strong> appears on Charity Arena once an operator approves
          it; meanwhile finish the payout account. Your charities on your profile show where it stands.
        </p>
      </Alert>
    );
  }

  const secondsLeft = waiting ? Math.ceil((resendAt - now) / 1000) : 0;
  return (
    <div className="stack">
      {fromStripe && (
        <Alert title="Payment account details submitted">
          <p>
            Welcome back. The payment provider confirms the payout account of{' '}
            <strong>{status.data.organizationName}</strong> in a moment; meanwhile, confirm the charity's
            email.
          </p>
        </Alert>
      )}
      <p>
        We sent a {CODE_LENGTH}-digit code to <strong>{emailHint ?? status.data.emailHint}</strong>. Enter it
        below: it is sent as soon as the last digit is in.
      </p>
      <CodeBoxes
        key={attempt}
        label="Verification code"
        length={CODE_LENGTH}
        disabled={verifying}
        error={error}
        onComplete={(code) => void verify(code)}
      />
      {verifying && <p role="status">Verifying...</p>}
      <div className="cluster">
        <Button variant="ghost" disabled={waiting} onClick={() => void send(true)}>
          {waiting ? `Resend code in ${secondsLeft}s` : 'Resend code'}
        </Button>
      </div>
    </div>
  );
}
