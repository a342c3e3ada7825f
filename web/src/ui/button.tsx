import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'on-dark' | 'outline-on-dark';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The button look, for links that should read as buttons (router `Link`, `<a>`). */
export function buttonClass({
  variant = 'primary',
  size = 'medium',
  block = false,
}: ButtonStyle = {}): string {
  return [
    'button',
    `button--${variant}`,
    size === 'medium' ? '' : `button--${size}`,
    block ? 'button--block' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [buttonClass({ variant, size, block }), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
