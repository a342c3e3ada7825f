import type { ReactNode } from 'react';
import { Button, TextField, type TextFieldProps } from '../../ui';
import { CODE_MAX_LENGTH } from '@arena/contracts/identity.rules';
import type { CodeEntry } from './use-code-entry';

/** A one-time code: digits keyboard, the browser's code autofill, at most 10 characters. */
export function CodeField(props: Omit<TextFieldProps, 'maxLength' | 'inputMode' | 'autoComplete'>) {
  return (
    <TextField
      {...props}
      className={['code-field', props.className].filter(Boolean).join(' ')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_MAX_LENGTH}
      spellCheck={false}
    />
  );
}

/** The one-code form of the login and contact-change steps: optional lead-in, the code, Verify. */
export function CodeEntryForm({
  entry,
  verify,
  children,
}: {
  entry: CodeEntry;
  verify: (code: string) => Promise<void>;
  children?: ReactNode;
}) {
  return (
    <form className="auth__form" onSubmit={(event) => void entry.submit(event, verify)} noValidate>
      {children}
      <CodeField
        label="Verification code"
        value={entry.code}
        onChange={(event) => entry.setCode(event.target.value)}
        error={entry.error}
      />
      <Button type="submit" block disabled={entry.busy}>
        {entry.busy ? 'Verifying...' : 'Verify'}
      </Button>
    </form>
  );
}
