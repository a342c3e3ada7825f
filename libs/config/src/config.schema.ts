import { isIP } from 'node:net';
import { z } from 'zod';

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** An unset variable, or one set to the empty string (`SMTP_URL=` in .env), means "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An HTTP token (RFC 9110 §5.6.2): a header's name, an authentication scheme. */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: false, a hop count, or the trusted proxies'
 * addresses/CIDRs. Never `true`: it makes the left-most X-Forwarded-For entry, which the client
 * writes, the address every per-IP limit keys on.
 */
function trustProxySetting(raw: string, ctx: z.RefinementCtx): false | number | string[] {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true is refused (the client would choose its own address through X-Forwarded-For): give the number of ' +
        'proxies in front (e.g. 1), or their addresses/CIDRs comma separated (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0 || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `must be false, a hop count (0 to 32), or proxy addresses/CIDRs comma separated; not understood: ` +
        (invalid.join(', ') || value),
    });
    return z.NEVER;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The value .env.example ships with: fine on a laptop, refused in production. */
export const LOCAL_DEVELOPMENT_SECRET = 'local-development-access-secret-change-me';

/**
 * Every setting the processes read. Add a key here (with a safe local default in .env.example)
 * rather than reading process.env anywhere else.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    // Each process has one pool, shared by the read side and the PostgreSQL event store. With the
    // worker's two more (its lock session and its LISTEN connection) an API + worker pair holds at most
    // DATABASE_POOL_SIZE + WORKER_DATABASE_POOL_SIZE + 2 connections: 12 by default (docs/operations.md).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(6),
    WORKER_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(4),
    // Where the worker's session-bound connections go (advisory locks, LISTEN): behind PgBouncer, a
    // session-mode pool while DATABASE_URL points at a transaction-mode one. Unset: DATABASE_URL.
    DATABASE_SESSION_URL: optional(url(['postgres:', 'postgresql:'])),
    REDIS_URL: url(['redis:', 'rediss:']),
    REDIS_PREFIX: z.string().min(1).default('arena'),
    EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
    EVENTSTORE_CONNECTION_STRING: z.string().optional(),
    JWT_ACCESS_SECRET: z.string().min(32, 'must be at least 32 characters'),
    WEB_DIST_DIR: z.string().default('web/dist'),
    // Bearer key of the admin routes (creating tournaments); when unset those routes answer 404.
    ADMIN_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
    // Bearer token of the operator routes (/api/metrics, /api/health/details); when unset those routes answer 404.
    METRICS_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
    // Where the games will be served from, if not from PUBLIC_URL: the only other origin the CSP lets the app connect to.
    GAME_ORIGIN: optional(url(['http:', 'https:'])),
    /**
     * Which X-Forwarded-For hops to believe (the key of per-IP rate limits): `false`, none; a hop
     * count (`1`: one proxy in front, the right-most entry is the client); or the proxies' addresses
     * or CIDRs, comma separated. `true` (believe every hop, the client's own left-most one too) is refused.
     */
    TRUST_PROXY: z.string().default('false').transform(trustProxySetting),
    // Keys the HMAC that one-time codes are stored under; when unset it is derived from JWT_ACCESS_SECRET.
    OTP_HASH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    // Signs the game tokens scoped to one play (docs/fair-play.md); when unset it is derived from JWT_ACCESS_SECRET.
    GAME_TOKEN_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    // Plays one member may start, and results they may submit, per minute (every tournament together).
    PLAY_STARTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    PLAY_RESULTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Memory Pairs flips revealed per member and minute: a person flips at most about two a second. */
    PLAY_REVEALS_PER_MINUTE: z.coerce.number().int().min(1).default(240),
    /** Tile Merge tiles released per member and minute: the replay's own limit, 10 moves a second. */
    PLAY_RELEASES_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // A refresh token just rotated is accepted once more this long, answering the same new pair (two tabs at once).
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(30).default(5),
    // Requests that send a code (sign-up, login, resend) and code checks, per client IP per 10 minutes.
    AUTH_IP_SEND_LIMIT: z.coerce.number().int().min(1).default(30),
    AUTH_IP_VERIFY_LIMIT: z.coerce.number().int().min(1).default(100),
    // Wrong sign-in codes one account (or one unknown address) may take per window from one source
    // network (an IPv4 /24, an IPv6 /56); past it its codes are refused from that network only.
    AUTH_NETWORK_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
    // The same from every network together; past it its codes are refused from every network but
    // those the owner unlocked from with the emailed link.
    AUTH_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(20),
    AUTH_ACCOUNT_FAILURE_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    // Wrong sign-in codes one source network may enter per hour, whatever accounts they are for.
    AUTH_NETWORK_FAILURE_LIMIT: z.coerce.number().int().min(1).default(50),
    // How long the emailed "it was me" unlock link works (once).
    AUTH_UNLOCK_LINK_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    // Email through SMTP when set (smtp:// or smtps://); otherwise the local outbox keeps it (/dev/mailbox).
    SMTP_URL: optional(url(['smtp:', 'smtps:'])),
    MAIL_FROM: z.string().min(3).default('Charity Arena <no-reply@charity-arena.localhost>'),
    // SMS through the provider's HTTP API when set; otherwise the local outbox keeps it.
    SMS_PROVIDER_URL: optional(url(['http:', 'https:'])),
    SMS_PROVIDER_API_KEY: optional(z.string().min(1)),
    SMS_FROM: z.string().min(1).default('CharityArena'),
    // Projection runner: events per transaction live and while rebuilding, idle poll, longest retry backoff.
    /** Charity search: Charity Navigator's GraphQL API when a key is set, else the bundled IRS data set. */
    CHARITY_NAVIGATOR_API_KEY: optional(z.string().min(8)),
    CHARITY_NAVIGATOR_URL: url(['http:', 'https:']).default('https://api.charitynavigator.org/graphql'),
    // The header the key is sent in (Charity Navigator's documentation: Authorization, the key as its value)
    // and an optional scheme before the key (e.g. Bearer). Neither is secret; the key comes from the environment only.
    CHARITY_NAVIGATOR_API_KEY_HEADER: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().regex(HTTP_TOKEN, 'must be an HTTP header name').default('Authorization'),
    ),
    CHARITY_NAVIGATOR_API_KEY_SCHEME: optional(z.string().regex(HTTP_TOKEN, 'must be one word, like Bearer')),
    CHARITY_SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    CHARITY_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    // Pages of the public ledger (GET /api/ledger/entries, at most 200 entries each) per client address per minute.
    LEDGER_ENTRIES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    LEDGER_PROOFS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    // socket.io handshakes (new live connections) per client address per minute.
    SOCKET_HANDSHAKES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Charity invitations one member or one IP may send per hour. */
    CHARITY_INVITES_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Charity invitations the whole platform sends in a day (issue 21), whoever asks. */
    CHARITY_INVITES_PER_DAY: z.coerce.number().int().min(1).default(200),
    /** Payments: Stripe when a secret key is set, else the local test-mode driver (libs/payments). */
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)'),
    ),
    STRIPE_PUBLISHABLE_KEY: optional(
      z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)'),
    ),
    /** Signs and verifies webhooks; derived from JWT_ACCESS_SECRET for the local driver when unset. */
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w{16,}$/, 'must be a webhook signing secret (whsec_…)'),
    ),
    /**
     * The Connect webhook endpoint's signing secret (connected accounts' account.updated, payout.*):
     * required with STRIPE_SECRET_KEY in production; derived from JWT_ACCESS_SECRET otherwise when unset.
     */
    STRIPE_CONNECT_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w{16,}$/, 'must be a webhook signing secret (whsec_…)'),
    ),
    /**
     * The local driver pays connected accounts out every minute (the worker's payments.local-payouts job), as
     * Stripe's automatic payouts do daily; `false`: only when asked (POST /api/dev/payments/payouts, the clock).
     */
    LOCAL_AUTOMATIC_PAYOUTS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /**
     * Where the Stripe client sends its API calls, when not Stripe's own host: a stand-in or stripe-mock in
     * tests and local runs (`http://127.0.0.1:12111`). Refused in production, where only Stripe is Stripe.
     */
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
    /**
     * `true`: this production deployment is a test-mode demo. It may run the local payment driver (no
     * STRIPE_SECRET_KEY: no real money moves, every page shows a test-mode banner, the local hosted checkout,
     * onboarding and portal pages are served). Without it production refuses to start with no Stripe keys.
     * Outside production it changes nothing. Never with a Stripe key (a live one least of all).
     */
    TEST_MODE_DEPLOYMENT: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Donations and the ledger (issue 12, docs/ledger.md). The ledger's Ed25519 signing key: a PKCS#8 PEM
     * or the 32-byte seed in hex; derived from JWT_ACCESS_SECRET for local development when unset.
     */
    LEDGER_SIGNING_KEY: optional(z.string().min(64)),
    /** When checkpoints are signed (cron, UTC); at least hourly. */
    LEDGER_CHECKPOINT_CRON: z.string().min(9).default('0 * * * *'),
    /** When the transfer window runs (cron, UTC): daily at 15:00 unless set. */
    TRANSFER_WINDOW_CRON: z.string().min(9).default('0 15 * * *'),
    /** A prize share left undirected this many days is directed by Charity Arena (the terms say 30). */
    DONATION_DIRECT_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Checkout sessions one IP may start per hour. */
    DONATION_CHECKOUTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** When the monthly referral payout runs (cron, UTC): the 1st of the month unless set. */
    REFERRAL_PAYOUT_CRON: z.string().min(9).default('0 6 1 * *'),
    /** Subscription checkouts one member may start per hour. */
    SUBSCRIPTION_CHECKOUTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Where the support form's messages go (the local outbox when no SMTP is set). */
    SUPPORT_EMAIL: z.email().default('support@charity-arena.test'),
    PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(500),
    PROJECTION_REBUILD_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(10_000),
    PROJECTION_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(500),
    PROJECTION_RETRY_MAX_MS: z.coerce.number().int().min(100).default(30_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.JWT_ACCESS_SECRET === LOCAL_DEVELOPMENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_ACCESS_SECRET'],
        message: 'is the local development value from .env.example; set a random secret in production',
      });
    }
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: "is required with STRIPE_SECRET_KEY (the webhook endpoint's signing secret)",
      });
    }
    if (
      config.NODE_ENV === 'production' &&
      config.STRIPE_SECRET_KEY &&
      !config.STRIPE_CONNECT_WEBHOOK_SECRET
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_CONNECT_WEBHOOK_SECRET'],
        message:
          "is required with STRIPE_SECRET_KEY in production (the Connect webhook endpoint's signing secret: connected accounts' account.updated and payout.* arrive only there)",
      });
    }
    if (config.NODE_ENV === 'production') refuseUnsafeProduction(config, ctx);
    if (config.NODE_ENV === 'production' && config.STRIPE_API_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message: "must not be set in production (it points the Stripe client away from Stripe's API)",
      });
    }
    if (config.EVENT_STORE === 'eventstoredb' && !config.EVENTSTORE_CONNECTION_STRING) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_CONNECTION_STRING'],
        message: 'is required when EVENT_STORE=eventstoredb',
      });
    }
  });

export type AppConfig = z.infer<typeof configSchema>;

type Parsed = z.output<typeof configSchema>;

/**
 * What production refuses to start without (docs/security.md, "Production refuses to start"): a process
 * that would take test-card money into the public ledger, send sign-in codes to nobody, or sign the
 * ledger with a key derived from the JWT secret must not start at all.
 */
function refuseUnsafeProduction(config: Parsed, ctx: z.RefinementCtx) {
  const refuse = (path: keyof Parsed, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (config.TEST_MODE_DEPLOYMENT) {
    if (config.STRIPE_SECRET_KEY && /_live_/.test(config.STRIPE_SECRET_KEY)) {
      refuse(
        'STRIPE_SECRET_KEY',
        'is a live key while TEST_MODE_DEPLOYMENT=true (a test-mode deployment must not move real money): unset one of them',
      );
    } else if (config.STRIPE_SECRET_KEY) {
      refuse(
        'STRIPE_SECRET_KEY',
        'is set while TEST_MODE_DEPLOYMENT=true, which runs the local payment driver: unset the key, or unset TEST_MODE_DEPLOYMENT to run on Stripe (its test mode needs no opt-in)',
      );
    }
  } else {
    const payments =
      'in production (without it the local test driver would take test-card payments into the ledger); set it from the Stripe dashboard, or TEST_MODE_DEPLOYMENT=true for a test-mode demo';
    if (!config.STRIPE_SECRET_KEY) refuse('STRIPE_SECRET_KEY', `is required ${payments}`);
    if (!config.STRIPE_PUBLISHABLE_KEY) refuse('STRIPE_PUBLISHABLE_KEY', `is required ${payments}`);
    if (!config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      refuse('STRIPE_WEBHOOK_SECRET', `is required ${payments}`);
    }
    if (!config.STRIPE_SECRET_KEY && !config.STRIPE_CONNECT_WEBHOOK_SECRET) {
      refuse('STRIPE_CONNECT_WEBHOOK_SECRET', `is required ${payments}`);
    }
  }
  if (!config.SMTP_URL) {
    refuse(
      'SMTP_URL',
      'is required in production (without it sign-in codes stay in the local outbox and reach nobody); set smtp:// or smtps:// of your mail provider',
    );
  }
  if (!config.SMS_PROVIDER_URL) {
    refuse(
      'SMS_PROVIDER_URL',
      "is required in production (without it text messages stay in the local outbox and reach nobody); set the SMS provider's API URL",
    );
  }
  if (!config.SMS_PROVIDER_API_KEY) {
    refuse('SMS_PROVIDER_API_KEY', "is required in production (the SMS provider's API key)");
  }
  if (!config.LEDGER_SIGNING_KEY) {
    refuse(
      'LEDGER_SIGNING_KEY',
      'is required in production (unset, the ledger would be signed with a key derived from JWT_ACCESS_SECRET); set an Ed25519 PKCS#8 PEM or a 32-byte seed in hex (docs/ledger.md)',
    );
  }
  if (!config.METRICS_TOKEN) {
    refuse(
      'METRICS_TOKEN',
      'is required in production (the bearer token of /api/metrics and /api/health/details); set a random value of at least 24 characters',
    );
  }
}
