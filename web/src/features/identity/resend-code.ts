import toast from 'react-hot-toast';
import { authApi, type CodeChannel } from './auth.api';
import { toastFailure } from './toast-failure';

/** Asks for a fresh code on one channel; either way the outcome is a toast, the form keeps its state. */
export async function resendCode(sessionId: string, channel: CodeChannel): Promise<void> {
  try {
    await authApi.resendCode(sessionId, channel);
    toast.success('Verification code resent!');
  } catch (failure) {
    toastFailure(failure, 'Failed to resend code');
  }
}
