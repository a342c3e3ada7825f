import type { ReactNode } from 'react';

export function Badge({ tone = 'primary', children }: { tone?: 'primary' | 'accent'; children: ReactNode }) {
  return <span className={tone === 'accent' ? 'badge badge--accent' : 'badge'}>{children}</span>;
}
