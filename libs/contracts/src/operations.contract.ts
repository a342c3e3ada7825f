import { z } from 'zod';

const check = z.object({ ok: z.boolean() }).loose();

/** `GET /api/health`: 200 when everything answers, 503 otherwise. */
export const healthReport = z
  .object({
    status: z.enum(['ok', 'degraded']),
    checks: z.object({ database: check, redis: check, eventStore: check }),
  })
  .loose()
  .meta({ id: 'HealthReport' });

const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;

/** `GET /api/dev/mailbox`: what the local outbox driver kept (development and tests only). */
export const devMailbox = z
  .object({
    channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
    messages: z.array(
      z.object({
        id: z.string(),
        channel: z.enum(NOTIFICATION_CHANNELS),
        to: z.string(),
        subject: z.string().nullable(),
        body: z.string(),
        createdAt: z.iso.datetime(),
        deliveredAt: z.iso.datetime().nullable(),
      }),
    ),
  })
  .meta({ id: 'DevMailbox' });
export type DevMailbox = z.infer<typeof devMailbox>;
export type DevMailboxMessage = DevMailbox['messages'][number];
