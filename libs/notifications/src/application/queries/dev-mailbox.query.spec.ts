import type { EmailSender, SmsSender } from '../../domain/message-senders';
import type { OutboxMessage } from '../../domain/outbox-message';
import { LocalOutboxSender } from '../../infrastructure/local-outbox.sender';
import type { OutboxQueries } from '../../infrastructure/outbox.queries';
import { DevMailboxQuery } from './dev-mailbox.query';

describe('DevMailboxQuery', () => {
  const message: OutboxMessage = {
    id: 'm1',
    channel: 'sms',
    recipient: '+15550001111',
    subject: null,
    body: 'Charity Arena code: 123456',
    createdAt: new Date('2026-11-22T10:00:00Z'),
    deliveredAt: null,
    deliveredBy: null,
    attempts: 0,
    lastError: null,
  };
  const outbox = { listRecent: jest.fn(async () => [message]) } as unknown as OutboxQueries;
  const smtp: EmailSender = { name: 'smtp', send: jest.fn() };
  const local = new LocalOutboxSender();

  it('shows only the channels the local driver handles', async () => {
    const view = await new DevMailboxQuery(
      { NODE_ENV: 'development' },
      outbox,
      smtp,
      local as SmsSender,
    ).view();
    expect(view?.channels).toEqual(['sms']);
    expect(outbox.listRecent).toHaveBeenCalledWith(['sms'], 100);
    expect(view?.messages).toEqual([
      {
        id: 'm1',
        channel: 'sms',
        to: '+15550001111',
        subject: null,
        body: 'Charity Arena code: 123456',
        createdAt: '2026-11-22T10:00:00.000Z',
        deliveredAt: null,
      },
    ]);
  });

  it('does not exist in production, even with the local driver', async () => {
    await expect(
      new DevMailboxQuery({ NODE_ENV: 'production' }, outbox, local, local).view(),
    ).resolves.toBeUndefined();
  });
});
