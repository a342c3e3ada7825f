import { useMutation } from '@tanstack/react-query';
import {
  SUPPORT_TOPICS,
  supportMessageBody,
  type SupportMessageBody,
} from '@arena/contracts/account.contract';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { Alert, Button, Card, TextField } from '../../ui';
import { accountApi } from './account.queries';
import { failureMessage } from './auth.validation';

type Topic = (typeof SUPPORT_TOPICS)[number];
type Field = 'topic' | 'subject' | 'message';

const TOPIC_LABELS: Record<Topic, string> = {
  billing: 'Billing and subscriptions',
  donations: 'Donations',
  tournaments: 'Tournaments and games',
  account: 'My account',
  'report-issue': 'Report an issue',
  other: 'Something else',
};

const TOO_MANY = 'You have sent several messages in a short time. Please wait a while before writing again.';

/** The profile's Support (spec §2 "Profile"): a message to support, checked here by the contract's own rules. */
export function SupportSection() {
  const topicId = useId();
  const messageId = useId();
  const [topic, setTopic] = useState<Topic | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [ticket, setTicket] = useState<string>();

  const send = useMutation({
    mutationFn: accountApi.writeToSupport,
    onSuccess: (answer) => {
      setTicket(answer.ticket);
      setTopic('');
      setSubject('');
      setMessage('');
    },
    onError: (error) =>
      setFailure(
        error instanceof ApiError && error.status === 429
          ? failureMessage(error, TOO_MANY)
          : failureMessage(error, 'Failed to send your message. Please try again.'),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = supportMessageBody.safeParse({ topic, subject, message } satisfies Record<Field, string>);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setTicket(undefined);
    send.mutate(parsed.data satisfies SupportMessageBody);
  };

  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-support">
      <h2 id="profile-support" className="card__title">
        Support
      </h2>
      <p className="muted">
        Questions about a charge, a donation or a tournament? Write to us: we answer by email. Charge issues
        need to reach us within 30 days.
      </p>
      {ticket && (
        <Alert title="Message sent">
          <p>
            Your ticket is <strong className="support__ticket">{ticket}</strong>. We emailed you a
            confirmation and will answer by email.
          </p>
        </Alert>
      )}
      <form className="stack support__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={topicId}>
            Topic
          </label>
          <select
            id={topicId}
            className="input"
            value={topic}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={errors.topic ? `${topicId}-error` : undefined}
            onChange={(event) => setTopic(event.target.value as Topic | '')}
          >
            <option value="">Choose a topic</option>
            {SUPPORT_TOPICS.map((value) => (
              <option key={value} value={value}>
                {TOPIC_LABELS[value]}
              </option>
            ))}
          </select>
          {errors.topic && (
            <p id={`${topicId}-error`} className="field__error" role="alert">
              {errors.topic}
            </p>
          )}
        </div>
        <TextField
          label="Subject"
          maxLength={120}
          value={subject}
          error={errors.subject}
          onChange={(event) => setSubject(event.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={messageId}>
            Message
          </label>
          <textarea
            id={messageId}
            className="input support__message"
            rows={6}
            maxLength={5000}
            value={message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageId}-error` : undefined}
            onChange={(event) => setMessage(event.target.value)}
          />
          {errors.message && (
            <p id={`${messageId}-error`} className="field__error" role="alert">
              {errors.message}
            </p>
          )}
        </div>
        {failure && (
          <Alert tone="danger" title="Your message was not sent">
            <p>{failure}</p>
          </Alert>
        )}
        <div className="cluster">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Message'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
