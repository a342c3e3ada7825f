import type { ReactNode } from 'react';

export type BadgeTone = 'primary' | 'accent' | 'success' | 'danger';

export function Badge({
  tone = 'primary',
  title,
  children,
}: {
  tone?: BadgeTone;
  /** A longer explanation, shown on hover. */
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className={tone === 'primary' ? 'badge' : `badge badge--${tone}`} title={title}>
      {children}
    </span>
  );
}
