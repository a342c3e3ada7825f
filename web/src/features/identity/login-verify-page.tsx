import { AuthMessages } from '@arena/contracts/auth.messages';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../ui';
import type { CodeChannel } from '@arena/contracts';
import { authApi } from './auth.api';
import { AuthPanel } from './auth-panel';
import { CodeEntryForm } from './code-field';
import { resendCode } from './resend-code';
import { useCodeEntry } from './use-code-entry';
import { useSignIn } from './use-sign-in';

const isChannel = (value: string | undefined): value is CodeChannel => value === 'email' || value === 'phone';

export function LoginVerifyPage({
  sessionId,
  channel,
  redirect,
}: {
  sessionId?: string;
  channel?: string;
  redirect?: string;
}) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const entry = useCodeEntry(AuthMessages.verificationCodeInvalid, 'Login verification failed');
  const problem = !sessionId
    ? AuthMessages.noSession
    : !isChannel(channel)
      ? AuthMessages.wrongChannel
      : undefined;

  useEffect(() => {
    if (!problem) return;
    toast.error(problem, { id: 'login-verify-problem' });
    void navigate({ to: '/login', search: { redirect }, replace: true });
  }, [problem, navigate, redirect]);
  if (problem || !sessionId || !isChannel(channel)) return null;

  const verify = async (code: string) => {
    const answer = await authApi.verifyLogin(sessionId, code);
    await signIn(answer.data?.tokens, 'Login successful!', redirect);
  };

  return (
    <AuthPanel
      title="Enter your code"
      lead={`We sent a one-time code to your ${channel === 'email' ? 'email address' : 'phone'}. It is valid for 10 minutes.`}
    >
      <CodeEntryForm entry={entry} verify={verify} />
      <div className="cluster auth__actions">
        <Button
          variant="secondary"
          onClick={() => void resendCode(() => authApi.resendCode(sessionId, channel))}
        >
          Resend Code
        </Button>
        <Button variant="ghost" onClick={() => void navigate({ to: '/login', search: { redirect } })}>
          Back to Login
        </Button>
      </div>
    </AuthPanel>
  );
}
