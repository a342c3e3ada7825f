import { TextField, type TextFieldProps } from '../../ui';

/** The member's email address, as both the sign-up and the login form ask for it. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField {...props} label="Email address" type="email" autoComplete="email" />;
}
