import { TextField, type TextFieldProps } from '../../ui';

/** An email address, as the sign-up, login and change-email forms ask for it. */
export function EmailField({
  label = 'Email address',
  ...props
}: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> & { label?: string }) {
  return <TextField {...props} label={label} type="email" autoComplete="email" />;
}
