import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Stripe from 'stripe';
import type { AppConfig } from '@arena/config';
import { STRIPE_API_VERSION } from '../webhooks/webhook-api-version';
import {
  WEBHOOK_PATHS,
  webhookEndpointOf,
  webhookSecretOf,
  type WebhookEndpoint,
} from '../webhooks/webhook-secret';

/**
 * Webhook events built from Stripe's own fixtures (`stripe/openapi` fixtures3.json, `resources.<object>`),
 * for the contract suites that drive our webhook endpoints with what Stripe really sends: take Stripe's
 * object, override the ids, amounts and metadata a sequence needs, wrap it in Stripe's event (the pinned
 * API version, test mode, `account` for a connected account's event) and sign it for the endpoint it goes
 * to. The fixtures are an outside artefact kept beside the checkout, never in this repository:
 * `../shared/data/conformance/stripe-fixtures3.json` from the repository's root (its README gives the
 * source and licence).
 */

const REPO_ROOT = resolve(__dirname, '../../../..');
export const STRIPE_FIXTURES_PATH = resolve(REPO_ROOT, '../shared/data/conformance/stripe-fixtures3.json');

type Json = Record<string, unknown>;
let loaded: Record<string, Json> | undefined;

/** Every resource of Stripe's fixtures, by object name ('account', 'checkout.session', 'invoice', …). */
export function stripeFixtures(): Readonly<Record<string, Json>> {
  if (!loaded) {
    if (!existsSync(STRIPE_FIXTURES_PATH))
      throw new Error(
        `Stripe's fixtures are missing: ${STRIPE_FIXTURES_PATH}. Put the shared conformance data ` +
          '(../shared/data/conformance/) beside the checkout.',
      );
    loaded = (JSON.parse(readFileSync(STRIPE_FIXTURES_PATH, 'utf8')) as { resources: Record<string, Json> })
      .resources;
  }
  return loaded;
}

/** What a sequence overrides: plain objects merge into Stripe's, anything else (arrays too) replaces it. */
export type Overrides = { [key: string]: unknown };

const isPlain = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function merged(base: Json, overrides: Overrides): Json {
  const out: Json = structuredClone(base);
  for (const [key, value] of Object.entries(overrides)) {
    out[key] = isPlain(value) && isPlain(out[key]) ? merged(out[key], value) : structuredClone(value);
  }
  return out;
}

/** Stripe's fixture of an object with our overrides; throws for an object the fixtures do not have. */
export function fixtureObject(object: string, overrides: Overrides = {}): Json {
  const fixture = stripeFixtures()[object];
  if (!fixture) throw new Error(`Stripe's fixtures have no resource '${object}'`);
  return merged(fixture, overrides);
}

export interface FixtureEventInput {
  type: Stripe.Event.Type;
  /** The event's `data.object` (usually from `fixtureObject`). */
  object: Json;
  /** A connected account's event (Connect endpoint): its `acct_` id. */
  account?: string;
  /** `data.previous_attributes` of an `*.updated` event. */
  previousAttributes?: Json;
  id?: string;
  /** Seconds; now unless given. */
  created?: number;
  /** STRIPE_API_VERSION unless given (null: an endpoint left on no version, as the raw fixture is). */
  apiVersion?: string | null;
  livemode?: boolean;
}

/** A fresh `evt_` id. */
export const fixtureEventId = () => `evt_fixture_${randomBytes(12).toString('hex')}`;

/** Stripe's event fixture wrapping the object, as a webhook endpoint on the pinned version receives it. */
export function fixtureEvent(input: FixtureEventInput): Json {
  const data: Json = { object: input.object };
  if (input.previousAttributes) data.previous_attributes = input.previousAttributes;
  const event = merged(stripeFixtures().event!, {
    id: input.id ?? fixtureEventId(),
    type: input.type,
    api_version: input.apiVersion === undefined ? STRIPE_API_VERSION : input.apiVersion,
    created: input.created ?? Math.floor(Date.now() / 1000),
    livemode: input.livemode ?? false,
    pending_webhooks: 1,
  });
  // data replaces Stripe's sample object whole (a plan), never merges into it.
  event.data = data;
  if (input.account) event.account = input.account;
  return event;
}

export interface SignedFixtureEvent {
  event: Json;
  /** Where Stripe sends it (`account` → Connect), unless another endpoint was asked for. */
  endpoint: WebhookEndpoint;
  path: string;
  payload: string;
  /** The Stripe-Signature header, made by the stripe package itself. */
  signature: string;
}

type SecretConfig = Pick<
  AppConfig,
  'STRIPE_WEBHOOK_SECRET' | 'STRIPE_CONNECT_WEBHOOK_SECRET' | 'JWT_ACCESS_SECRET'
>;

/**
 * Signed for the endpoint Stripe sends it to with that endpoint's secret; `endpoint` posts it to another
 * (signed with that one's secret, as a misconfigured endpoint would), `timestamp` signs it at another time.
 */
export function signFixtureEvent(
  event: Json,
  config: SecretConfig,
  options: { endpoint?: WebhookEndpoint; timestamp?: number } = {},
): SignedFixtureEvent {
  const endpoint = options.endpoint ?? webhookEndpointOf(event);
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecretOf(endpoint, config),
    timestamp: options.timestamp,
  });
  return { event, endpoint, path: WEBHOOK_PATHS[endpoint], payload, signature };
}
