import { AuthMessages } from '@arena/contracts/auth.messages';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { tokenStorage } from '../../lib/tokens';
import { Button } from '../../ui';
import type { CodeChannel } from '@arena/contracts';
import { authApi } from './auth.api';
import { AuthPanel } from './auth-panel';
import { CodeField } from './code-field';
import { resendCode } from './resend-code';
import { useCodeEntry, type CodeEntry } from './use-code-entry';
import { useSignIn } from './use-sign-in';

const CHANNELS: Record<CodeChannel, { label: string; invalid: string; failed: string }> = {
  email: { label: 'Email code', invalid: AuthMessages.emailCodeInvalid, failed: 'Email verification failed' },
  phone: { label: 'Phone code', invalid: AuthMessages.phoneCodeInvalid, failed: 'Phone verification failed' },
};

export function VerifyPage({ sessionId }: { sessionId?: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const entries: Record<CodeChannel, CodeEntry> = {
    email: useCodeEntry(CHANNELS.email.invalid, CHANNELS.email.failed),
    phone: useCodeEntry(CHANNELS.phone.invalid, CHANNELS.phone.failed),
  };
  const [verified, setVerified] = useState<Record<CodeChannel, boolean>>({ email: false, phone: false });

  useEffect(() => {
    if (sessionId) return;
    toast.error(AuthMessages.noSession, { id: 'verify-no-session' });
    void navigate({ to: '/create-account', replace: true });
  }, [sessionId, navigate]);
  if (!sessionId) return null;

  const busy = entries.email.busy || entries.phone.busy;

  const verify = async (channel: CodeChannel, code: string) => {
    const answer = await authApi.verifySignUpCode(channel, sessionId, code);
    setVerified((current) => ({ ...current, [channel]: true }));
    if (answer.data?.complete) {
      tokenStorage.clearReferral();
      await signIn(answer.data.tokens, 'Account created and verified successfully!');
    } else if (answer.message) {
      toast.success(answer.message);
    }
  };

  return (
    <AuthPanel
      title="Verify your account"
      lead="Enter the code we emailed you and the code we texted to your phone."
      footer={
        <Button variant="ghost" onClick={() => void navigate({ to: '/create-account' })}>
          Start Over
        </Button>
      }
    >
      {(['email', 'phone'] as const).map((channel) => (
        <form
          key={channel}
          className="auth__form auth__code-form"
          onSubmit={(event) => void entries[channel].submit(event, (code) => verify(channel, code))}
          noValidate
        >
          {verified[channel] ? (
            <p className="auth__verified" role="status">
              {channel === 'email' ? 'Email verified' : 'Phone verified'}
            </p>
          ) : (
            <>
              <CodeField
                label={CHANNELS[channel].label}
                value={entries[channel].code}
                onChange={(event) => entries[channel].setCode(event.target.value)}
                error={entries[channel].error}
              />
              <div className="cluster">
                <Button type="submit" disabled={busy}>
                  {entries[channel].busy
                    ? 'Verifying...'
                    : channel === 'email'
                      ? 'Verify Email'
                      : 'Verify Phone'}
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void resendCode(() => authApi.resendCode(sessionId, channel))}
                >
                  Resend Code
                </Button>
              </div>
            </>
          )}
        </form>
      ))}
    </AuthPanel>
  );
}
