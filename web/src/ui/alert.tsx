import type { ReactNode } from 'react';

export interface AlertProps {
  tone?: 'info' | 'danger';
  title: string;
  children?: ReactNode;
}

export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div
      className={tone === 'danger' ? 'alert alert--danger' : 'alert'}
      role={tone === 'danger' ? 'alert' : 'status'}
    >
      <p className="alert__title">{title}</p>
      {children}
    </div>
  );
}
