import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { AuthMessages } from '@arena/contracts/auth.messages';
import { Button } from '../../ui';
import { authApi } from './auth.api';
import { AuthPanel } from './auth-panel';
import { failureMessage } from './auth.validation';

/**
 * Where the emailed "it was me" link opens. Nothing is spent by opening it (mail scanners fetch
 * links): the token is used only when the member presses the button, and then it is gone.
 */
export function UnlockSignInPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const unlock = useMutation({
    mutationFn: (linkToken: string) => authApi.unlockSignIn(linkToken),
    onSuccess: async (answer) => {
      toast.success(answer.message ?? AuthMessages.signInUnlocked);
      await navigate({ to: '/login' });
    },
    onError: (failure) => toast.error(failureMessage(failure, AuthMessages.unlockLinkInvalid)),
  });

  if (!token) {
    return (
      <AuthPanel title="Unlock sign-in" lead={AuthMessages.unlockLinkInvalid}>
        <Button block onClick={() => void navigate({ to: '/login' })}>
          Back to Login
        </Button>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Unlock sign-in"
      lead="Sign-in to your account was paused after too many wrong codes. If that was you, unlock it here, then log in with a new code."
    >
      {unlock.isError && (
        <p className="field__error auth__form-error" role="alert">
          {failureMessage(unlock.error, AuthMessages.unlockLinkInvalid)}
        </p>
      )}
      <Button block disabled={unlock.isPending || unlock.isSuccess} onClick={() => unlock.mutate(token)}>
        {unlock.isPending ? 'Unlocking...' : 'It was me: unlock sign-in'}
      </Button>
      <div className="cluster auth__actions">
        <Button variant="ghost" onClick={() => void navigate({ to: '/login' })}>
          Back to Login
        </Button>
      </div>
    </AuthPanel>
  );
}
