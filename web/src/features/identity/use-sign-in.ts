import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { afterSignIn } from '../../lib/safe-redirect';
import { sessionQuery } from '../../lib/session';
import type { TokenPair } from '@arena/contracts';
import { tokenStorage } from '../../lib/tokens';

const AFTER_VERIFICATION_TROUBLE = 'Verification completed but there was an issue. Please try logging in.';

/**
 * Stores the tokens, waits for the profile call to confirm them (so a member page's guard sees a
 * member), then goes back to `redirect` when it is a path of this site, else to /profile; without
 * usable tokens, back to /login to try again.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (tokens: TokenPair | undefined, successMessage: string, redirect?: string) => {
    if (tokens) {
      tokenStorage.setTokens(tokens);
      const session = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      if (session.status === 'member') {
        toast.success(successMessage);
        await navigate({ href: afterSignIn(redirect) });
        return;
      }
    }
    toast.error(AFTER_VERIFICATION_TROUBLE);
    await navigate({ to: '/login' });
  };
}
