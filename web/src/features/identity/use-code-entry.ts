import { useState, type FormEvent } from 'react';
import { isCode } from '@arena/contracts/identity.rules';
import { toastFailure } from './toast-failure';

export interface CodeEntry {
  code: string;
  setCode: (code: string) => void;
  error?: string;
  busy: boolean;
  /** Checks the code typed, then hands it, trimmed, to `send`; a throw from `send` becomes the field's error. */
  submit: (event: FormEvent, send: (code: string) => Promise<void>) => Promise<void>;
}

/**
 * One one-time code being typed and sent: a malformed code gets `invalidMessage` without a request;
 * a refused one gets the server's message (or `failedMessage`) beside the field and as a toast.
 */
export function useCodeEntry(invalidMessage: string, failedMessage: string): CodeEntry {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent, send: (code: string) => Promise<void>) => {
    event.preventDefault();
    if (!isCode(code)) {
      setError(invalidMessage);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await send(code.trim());
    } catch (failure) {
      setError(toastFailure(failure, failedMessage));
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error, busy, submit };
}
