import toast from 'react-hot-toast';
import { toastFailure } from './toast-failure';

/** Asks for a fresh code; either way the outcome is a toast, the form keeps its state. */
export async function resendCode(request: () => Promise<unknown>): Promise<void> {
  try {
    await request();
    toast.success('Verification code resent!');
  } catch (failure) {
    toastFailure(failure, 'Failed to resend code');
  }
}
