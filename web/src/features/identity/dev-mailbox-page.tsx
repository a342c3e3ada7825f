import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../lib/document-title';
import { NotFound } from '../shell/not-found';
import { PendingPage } from '../shell/pending-page';
import { Badge, Card, EmptyState } from '../../ui';
import { devMailboxQuery } from './dev-mailbox.queries';
import './auth.css';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** What the local outbox driver kept: only there when no real email or SMS provider is configured. */
export function DevMailboxPage() {
  useDocumentTitle('Dev mailbox');
  const { data: mailbox, isPending, isError } = useQuery(devMailboxQuery);
  if (isPending) return <PendingPage />;
  if (isError || !mailbox) return <NotFound />;
  return (
    <div className="container mailbox">
      <header className="page-header">
        <p className="eyebrow">Test mode</p>
        <h1 className="page-header__title">Dev mailbox</h1>
        <p className="lead">
          Emails and text messages kept by the local outbox (
          {mailbox.channels.map((channel) => (channel === 'email' ? 'email' : 'SMS')).join(' and ')}), newest
          first. Refreshes every 2 seconds.
        </p>
      </header>
      {mailbox.messages.length === 0 ? (
        <EmptyState title="No messages yet">Sign up or log in and the codes appear here.</EmptyState>
      ) : (
        <ol className="mailbox__list">
          {mailbox.messages.map((message) => (
            <li key={message.id}>
              <Card
                as="article"
                className="mailbox__message"
                aria-label={`${message.channel} to ${message.to}`}
              >
                <div className="mailbox__meta">
                  <Badge>{message.channel === 'email' ? 'Email' : 'SMS'}</Badge>
                  <span className="mailbox__to">{message.to}</span>
                  <time className="muted" dateTime={message.createdAt}>
                    {time.format(new Date(message.createdAt))}
                  </time>
                </div>
                {message.subject && <h2 className="mailbox__subject">{message.subject}</h2>}
                <p className="mailbox__body">{message.body}</p>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
