import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { Card } from '../../ui';
import './auth.css';

export interface AuthPanelProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The one narrow card every sign-in and sign-up step sits in. */
export function AuthPanel({ title, lead, children, footer }: AuthPanelProps) {
  useDocumentTitle(title);
  return (
    <div className="container auth">
      <Card as="section" tone="raised" className="auth__panel" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {lead && <p className="auth__lead">{lead}</p>}
        {children}
        {footer && <div className="auth__footer">{footer}</div>}
      </Card>
    </div>
  );
}
