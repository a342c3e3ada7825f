import toast from 'react-hot-toast';
import { failureMessage } from './auth.validation';

/** Shows what went wrong as a toast and hands the message back for the form to show beside its field. */
export function toastFailure(failure: unknown, fallback: string): string {
  const message = failureMessage(failure, fallback);
  toast.error(message);
  return message;
}
