import { z } from 'zod';

const checkState = z.enum(['ok', 'degraded']);

/** `GET /api/health`, public: 200 when everything answers, 503 otherwise, and only ok or degraded per check. */
export const healthReport = z
  .object({
    status: checkState,
    checks: z.object({
      database: checkState,
      redis: checkState,
      eventStore: checkState,
      projections: checkState,
    }),
  })
  .meta({ id: 'HealthReport' });

const check = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });

/** `GET /api/health/details`, operators only: every check's latency and error, and each projector's state. */
export const healthDetails = z
  .object({
    status: checkState,
    checks: z.object({ database: check, redis: check, eventStore: check }),
    projections: z.array(z.object({ name: z.string(), state: z.string() }).loose()),
  })
  .meta({ id: 'HealthDetails' });

/** `GET /api/dev/tools`: answered only where the developer pages exist (development and tests). */
export const devToolsAvailable = z.object({ success: z.literal(true) }).meta({ id: 'DevToolsAvailable' });
export type DevToolsAvailable = z.infer<typeof devToolsAvailable>;

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
