import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Stripe from 'stripe';
import {
  localChargeObject,
  localDisputeObject,
  localInvoiceLine,
  localInvoiceObject,
  localSubscriptionObject,
} from './local-billing-objects';
import type {
  LocalChargeRow,
  LocalDisputeRow,
  LocalInvoiceRow,
  LocalSubscriptionRow,
} from './local-billing.queries';
import { localPayoutObject, localTransferReversalObject, type PayoutRow } from './local-connect-money';
import type { LocalAccountRow, LocalCheckoutSessionRow, LocalTransferRow } from './local-payments.queries';
import {
  localAccountObject,
  localCheckoutSessionObject,
  localEvent,
  localTransferObject,
} from './local-stripe-objects';
import { stripeFixtures } from '../testing/fixture-events';

/**
 * The local driver conforms to Stripe (issue 20, "Done when"): it never emits an event type missing from
 * the installed stripe package's `Stripe.Event.Type`, and never builds an object missing a field that
 * Stripe's fixture of that object has and our handlers read.
 */

const fixtures = { resources: stripeFixtures() };

/**
 * Every event type the installed package knows, read from the declaration of `Stripe.Event.Type` (the
 * package's `types/EventTypes.d.ts` in older layouts, `cjs/resources/Events.d.ts` since stripe 19), so
 * an upgrade of the package that drops a type fails here as well as at compile time.
 */
function stripeEventTypes(): Set<string> {
  let root = dirname(require.resolve('stripe'));
  // Up from its entry point to the package's own folder (cjs/ has a package.json of its own).
  const isPackageRoot = (dir: string) =>
    existsSync(join(dir, 'package.json')) &&
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'stripe';
  while (!isPackageRoot(root) && dirname(root) !== root) root = dirname(root);
  const candidates = [join(root, 'types', 'EventTypes.d.ts'), join(root, 'cjs', 'resources', 'Events.d.ts')];
  for (const file of candidates) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const declaration = /namespace Event \{[\s\S]*?type Type =([^;]+);/.exec(text);
    if (!declaration) continue;
    return new Set([...declaration[1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!));
  }
  throw new Error(`Stripe.Event.Type not found in ${candidates.join(' or ')}`);
}

/** The local driver's sources (not its specs), comments removed. */
function localDriverSources(): Array<{ file: string; code: string }> {
  return readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => ({
      file,
      code: readFileSync(join(__dirname, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1'),
    }));
}

/**
 * Every dotted lower-case string literal in the code ('account.updated', `invoice.paid`): what the driver
 * can emit as an event type, wherever it is built. Stripe's object names ('checkout.session') are the
 * only dotted literals that are not event types.
 */
function emittedEventTypeLiterals(): Map<string, string[]> {
  const objectNames = new Set(Object.keys(fixtures.resources));
  const found = new Map<string, string[]>();
  for (const { file, code } of localDriverSources()) {
    for (const match of code.matchAll(/(['"`])([a-z_]+(?:\.[a-z_]+)+)\1/g)) {
      const literal = match[2]!;
      if (objectNames.has(literal)) continue;
      found.set(literal, [...new Set([...(found.get(literal) ?? []), file])]);
    }
  }
  return found;
}

describe('the local driver emits only event types Stripe sends', () => {
  const known = stripeEventTypes();

  it('reads the installed package’s event types', () => {
    expect(known.size).toBeGreaterThan(100);
    for (const type of ['account.updated', 'checkout.session.completed', 'payout.paid', 'transfer.reversed'])
      expect(known).toContain(type);
  });

  it('finds the event types the driver emits in its sources', () => {
    const emitted = emittedEventTypeLiterals();
    for (const type of ['account.updated', 'checkout.session.completed', 'invoice.paid'])
      expect(emitted.has(type)).toBe(true);
  });

  it('emits no event type missing from Stripe.Event.Type', () => {
    const unknown = [...emittedEventTypeLiterals()]
      .filter(([type]) => !known.has(type))
      .map(([type, files]) => `${type} (${files.join(', ')})`);
    expect(unknown).toEqual([]);
  });

  it('stamps an event with its type, the pinned API version, test mode, and the account of a Connect event', () => {
    const type: Stripe.Event.Type = 'account.updated';
    const event = localEvent(type, { id: 'acct_1' }, new Date('2026-11-27T00:00:00Z'), 'acct_1');
    expect(Object.keys(event).sort()).toEqual([...Object.keys(fixtures.resources.event!), 'account'].sort());
    expect(event).toMatchObject({
      type,
      livemode: false,
      account: 'acct_1',
      data: { object: { id: 'acct_1' } },
    });
  });
});

/**
 * The fields our handlers read, per Stripe object (libs/*\/src/application/reactions, billing's
 * stripe-facts.ts, donations' handlers). Each must be in Stripe's fixture of the object (so this table
 * is itself checked against Stripe) and in the local driver's object.
 */
const READ_FIELDS: Record<string, readonly string[]> = {
  account: ['charges_enabled', 'payouts_enabled', 'details_submitted', 'metadata'],
  'checkout.session': [
    'amount_total',
    'payment_status',
    'payment_intent',
    'customer_details',
    'metadata',
    'mode',
    'subscription',
    'customer',
  ],
  transfer: ['amount', 'amount_reversed', 'destination', 'metadata', 'reversals'],
  transfer_reversal: ['amount', 'transfer', 'created'],
  payout: ['amount', 'status', 'failure_code', 'arrival_date'],
  charge: ['amount', 'amount_refunded', 'payment_intent', 'customer', 'metadata'],
  dispute: ['amount', 'charge', 'payment_intent', 'status'],
  invoice: ['amount_paid', 'billing_reason', 'parent', 'lines', 'period_start', 'period_end'],
  subscription: [
    'items',
    'metadata',
    'customer',
    'cancel_at_period_end',
    'cancel_at',
    // customer.subscription.deleted (issue 21: a cancel now is one too)
    'cancellation_details',
    'ended_at',
    'canceled_at',
  ],
};

const at = new Date('2026-11-01T12:00:00Z');
const account = (over: Partial<LocalAccountRow> = {}): LocalAccountRow => ({
  id: 'acct_local_1',
  idempotency_key: 'k',
  charity_id: '4f1c3d2e-0000-4000-8000-000000000001',
  member_id: null,
  ein: '123456789',
  organization_name: 'Harbor Food Bank',
  email: 'finance@harbor.example.org',
  details_submitted: true,
  charges_enabled: true,
  payouts_enabled: true,
  representative_name: 'Ada',
  bank_routing_number: '110000000',
  bank_account_last4: '6789',
  created_at: at,
  submitted_at: at,
  ...over,
});
const session = (over: Partial<LocalCheckoutSessionRow> = {}): LocalCheckoutSessionRow => ({
  id: 'cs_test_local_1',
  idempotency_key: 'k',
  amount_cents: 2500,
  email: 'donor@example.org',
  description: 'Gift',
  metadata: { kind: 'gift' },
  success_url: 'http://localhost/ok',
  cancel_url: 'http://localhost/cancel',
  status: 'complete',
  mode: 'payment',
  plan_type: null,
  customer_id: null,
  subscription_id: null,
  payment_intent_id: 'pi_local_1',
  paid_email: 'donor@example.org',
  created_at: at,
  expires_at: at,
  completed_at: at,
  ...over,
});
const transfer: LocalTransferRow = {
  id: 'tr_local_1',
  idempotency_key: 'k',
  amount_cents: 5000,
  destination_account_id: 'acct_local_1',
  transfer_group: 'window-1',
  metadata: { windowId: 'window-1' },
  reversed: false,
  source_transaction: null,
  destination_payment: 'py_local_1',
  amount_reversed: 0,
  created_at: at,
};
const subscription: LocalSubscriptionRow = {
  id: 'sub_local_1',
  customer_id: 'cus_local_1',
  item_id: 'si_local_1',
  status: 'active',
  plan_type: 'PREMIUM',
  price_cents: 499,
  product_name: 'Charity Arena Premium',
  metadata: { memberId: 'm1', planType: 'PREMIUM' },
  billing_cycle_anchor: at,
  cycles: 0,
  current_period_start: at,
  current_period_end: new Date('2026-12-01T12:00:00Z'),
  cancel_at_period_end: false,
  canceled_at: null,
  ended_at: null,
  latest_invoice_id: 'in_local_1',
  created_at: at,
};
const invoice: LocalInvoiceRow = {
  id: 'in_local_1',
  subscription_id: subscription.id,
  customer_id: subscription.customer_id,
  idempotency_key: 'k',
  billing_reason: 'subscription_create',
  status: 'paid',
  amount_cents: 499,
  lines: [
    localInvoiceLine(subscription, {
      amount: 499,
      description: 'Premium',
      periodStart: subscription.current_period_start,
      periodEnd: subscription.current_period_end,
      proration: false,
      planType: 'PREMIUM',
      priceCents: 499,
      productName: 'Charity Arena Premium',
    }),
  ],
  period_start: subscription.current_period_start,
  period_end: subscription.current_period_end,
  charge_id: 'ch_local_1',
  attempt_count: 1,
  created_at: at,
  paid_at: at,
};
const charge: LocalChargeRow = {
  id: 'ch_local_1',
  invoice_id: invoice.id,
  customer_id: subscription.customer_id,
  payment_intent_id: 'pi_local_2',
  amount_cents: 499,
  amount_refunded_cents: 0,
  metadata: {},
  created_at: at,
};

const payout: PayoutRow = {
  id: 'po_local_1',
  account_id: 'acct_local_1',
  amount_cents: 5000,
  status: 'paid',
  failure_code: null,
  failure_message: null,
  bank_account_last4: '6789',
  created_at: at,
};
const dispute: LocalDisputeRow = {
  id: 'du_local_1',
  charge_id: charge.id,
  amount_cents: 499,
  status: 'needs_response',
  created_at: at,
  closed_at: null,
};
const withdrawal = { id: 'txn_local_du', amount_cents: -499, created_at: at };

/** Each object's local builders, with sample rows: every variant the driver sends. */
const BUILT: Record<string, Array<[string, () => Record<string, unknown>]>> = {
  account: [
    ["a charity's account", () => localAccountObject(account())],
    ["a member's payout account", () => localAccountObject(account({ charity_id: null, member_id: 'm1' }))],
    ['an account still onboarding', () => localAccountObject(account({ payouts_enabled: false }))],
  ],
  'checkout.session': [
    ["a gift's session (payment mode)", () => localCheckoutSessionObject(session())],
    [
      "a plan's session (subscription mode)",
      () =>
        localCheckoutSessionObject(
          session({ mode: 'subscription', customer_id: 'cus_local_1', subscription_id: 'sub_local_1' }),
        ),
    ],
  ],
  transfer: [
    ['a transfer', () => localTransferObject(transfer)],
    [
      'a reversed transfer',
      () =>
        localTransferObject({ ...transfer, reversed: true, amount_reversed: transfer.amount_cents }, [
          localTransferReversalObject(
            { id: 'trr_local_1', transfer_id: transfer.id, amount_cents: 5000, created_at: at },
            'pyr_local_1',
          ),
        ]),
    ],
  ],
  transfer_reversal: [
    [
      'a reversal',
      () => ({
        ...localTransferReversalObject(
          { id: 'trr_local_1', transfer_id: transfer.id, amount_cents: 500, created_at: at },
          'pyr_local_1',
        ),
      }),
    ],
  ],
  payout: [
    ['a paid payout', () => localPayoutObject(payout, 'txn_local_po', null)],
    [
      'a failed payout',
      () =>
        localPayoutObject(
          {
            ...payout,
            status: 'failed',
            failure_code: 'no_account',
            failure_message: 'The bank account no longer exists.',
          },
          'txn_local_po',
          'txn_local_pf',
        ),
    ],
  ],
  charge: [
    ["a subscription payment's charge", () => localChargeObject(charge, [])],
    [
      "a gift's charge (no customer, the session's metadata)",
      () =>
        localChargeObject(
          { ...charge, invoice_id: null, customer_id: null, metadata: { kind: 'gift', memberId: 'm1' } },
          [],
        ),
    ],
  ],
  dispute: [
    ['an open dispute', () => localDisputeObject(dispute, charge, [withdrawal])],
    [
      'a dispute won',
      () =>
        localDisputeObject({ ...dispute, status: 'won', closed_at: at }, charge, [
          withdrawal,
          { ...withdrawal, id: 'txn_local_back', amount_cents: 499 },
        ]),
    ],
  ],
  invoice: [["a subscription's invoice", () => localInvoiceObject(invoice, subscription, 'm@example.org')]],
  subscription: [
    ['a subscription', () => localSubscriptionObject(subscription)],
    [
      'a subscription cancelling at period end',
      () => localSubscriptionObject({ ...subscription, cancel_at_period_end: true }),
    ],
    [
      'a subscription canceled now (issue 21)',
      () =>
        localSubscriptionObject(
          { ...subscription, status: 'canceled', canceled_at: at, ended_at: at },
          'cancellation_requested',
        ),
    ],
  ],
};

describe("the local driver's objects have every field Stripe's fixture has that our handlers read", () => {
  describe.each(Object.entries(READ_FIELDS))('%s', (object, fields) => {
    it(`Stripe's fixture of ${object} has every field the table says our handlers read`, () => {
      const fixture = fixtures.resources[object];
      expect(fixture).toBeDefined();
      expect(fields.filter((field) => !(field in fixture!))).toEqual([]);
    });

    const variants = BUILT[object] ?? [];
    it.each(variants)('the local driver’s object of %s has every field read', (_what, build) => {
      const built = build();
      expect(built.object).toBe(object);
      const missing = fields.filter((field) => !(field in built));
      expect(missing).toEqual([]);
    });
  });

  it('has a local builder for every object the table names', () => {
    expect(Object.keys(READ_FIELDS).filter((object) => !BUILT[object])).toEqual([]);
  });
});
