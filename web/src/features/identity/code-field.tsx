import { TextField, type TextFieldProps } from '../../ui';
import { CODE_MAX_LENGTH } from './auth.validation';

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
