import { randomUUID } from 'node:crypto';
import type { SubscriptionPaymentSucceeded } from '@arena/billing/events';
import { MemberAccounts } from '@arena/identity';
import type { JobsService } from '@arena/jobs';
import type { Payments, PaymentsClock, Transfer, TransferInput } from '@arena/payments';
import {
  EndRefundWindowProcessor,
  ReferralAccrual,
  ReferralClock,
  ReferralPayouts,
  ReferralRegistrations,
  ReferralStreams,
} from '@arena/referrals';
import { ReferralsRepository } from '../../libs/referrals/src/infrastructure/referrals.repository';
import { createTestDatabase, InMemoryEventStore, type TestDatabase } from '@arena/testing';

/** The payments clock, set by the test. */
export class TestClock implements PaymentsClock {
  constructor(public current: Date) {}
  now() {
    return Promise.resolve(new Date(this.current));
  }
}

/**
 * The provider's transfers, idempotent by key as Stripe's are. `dieAfter`: after that many new transfers
 * the next one is made at the provider and then the call throws, as if the process died before hearing back.
 */
export class TransferDouble {
  readonly byKey = new Map<string, Transfer>();
  calls = 0;
  dieAfter: number | null = null;
  private made = 0;

  createTransfer(input: TransferInput): Promise<Transfer> {
    this.calls++;
    const existing = this.byKey.get(input.idempotencyKey);
    if (existing) return Promise.resolve(existing);
    const transfer = {
      id: `tr_${this.byKey.size + 1}`,
      amountCents: input.amountCents,
      destinationAccountId: input.destinationAccountId,
    };
    this.byKey.set(input.idempotencyKey, transfer);
    this.made++;
    if (this.dieAfter !== null && this.made > this.dieAfter) {
      this.dieAfter = null;
      return Promise.reject(new Error('killed mid-run'));
    }
    return Promise.resolve(transfer);
  }
}

/** Referrals wired by hand over a test database and an in-memory event store. */
export interface ReferralsHarness {
  database: TestDatabase;
  store: InMemoryEventStore;
  clock: TestClock;
  transfers: TransferDouble;
  enqueued: { name: string; payload: unknown; jobId?: string; delay?: number }[];
  streams: ReferralStreams;
  repository: ReferralsRepository;
  accrual: ReferralAccrual;
  windows: EndRefundWindowProcessor;
  payouts: ReferralPayouts;
  referralClock: ReferralClock;
  close(): Promise<void>;
}

export async function referralsHarness(start: Date): Promise<ReferralsHarness> {
  const database = await createTestDatabase(4);
  const store = new InMemoryEventStore();
  const clock = new TestClock(start);
  const transfers = new TransferDouble();
  const enqueued: ReferralsHarness['enqueued'] = [];
  const jobs = {
    enqueue: (name: string, payload: unknown, options: { jobId?: string; delay?: number } = {}) => {
      enqueued.push({ name, payload, ...options });
      return Promise.resolve();
    },
  } as unknown as JobsService;
  const payments = transfers as unknown as Payments;
  const accounts = new MemberAccounts(database.db);
  const streams = new ReferralStreams(store);
  const repository = new ReferralsRepository(database.db);
  const registrations = new ReferralRegistrations(accounts, streams, repository);
  const accrual = new ReferralAccrual(registrations, streams, jobs, clock);
  const windows = new EndRefundWindowProcessor(streams, accounts, clock, jobs);
  const payouts = new ReferralPayouts(streams, repository, payments);
  const referralClock = new ReferralClock(repository, windows, payouts);
  return {
    database,
    store,
    clock,
    transfers,
    enqueued,
    streams,
    repository,
    accrual,
    windows,
    payouts,
    referralClock,
    close: () => database.drop(),
  };
}

let serial = 0;

/** An account; `referredBy` its referrer's code, `option` the link's 1 (recurring) or 2 (one-time). */
export async function member(
  harness: ReferralsHarness,
  options: { referredBy?: string; option?: 1 | 2; createdAt?: Date } = {},
): Promise<{ id: string; code: string; username: string }> {
  const id = randomUUID();
  const code = `C${String(++serial).padStart(4, '0')}${id.slice(0, 6).toUpperCase()}`;
  const username = `m${serial}${id.slice(0, 6)}`;
  await harness.database.db
    .insertInto('accounts')
    .values({
      id,
      username,
      email: `${username}@example.org`,
      phone_number: `+1555${String(serial).padStart(7, '0')}`,
      referral_code: code,
      referred_by_code: options.referredBy ?? null,
      referral_option: options.option ?? null,
      created_at: options.createdAt ?? new Date('2026-01-01T00:00:00.000Z'),
    })
    .execute();
  return { id, code, username };
}

export async function readyPayoutAccount(harness: ReferralsHarness, memberId: string) {
  await harness.repository.savePayoutAccount(memberId, `acct_${memberId.slice(0, 8)}`, 'ready');
}

export async function closeAccount(harness: ReferralsHarness, memberId: string, at: Date) {
  await harness.database.db
    .updateTable('accounts')
    .set({ closed_at: at })
    .where('id', '=', memberId)
    .execute();
}

/** A SubscriptionPaymentSucceeded of the member, as billing records it. */
export function payment(memberId: string, invoiceId: string, amountPaidCents: number, paidAt: Date) {
  const data: SubscriptionPaymentSucceeded['data'] = {
    memberId,
    subscriptionId: `sub_${memberId.slice(0, 8)}`,
    providerEventId: `evt_${invoiceId}`,
    occurredAt: paidAt.toISOString(),
    invoiceId,
    chargeId: `ch_${invoiceId}`,
    planType: amountPaidCents >= 999 ? 'PREMIUM_PLUS' : 'PREMIUM',
    amountPaidCents,
    billingReason: 'subscription_cycle',
    periodStart: paidAt.toISOString(),
    periodEnd: new Date(paidAt.getTime() + 30 * 86_400_000).toISOString(),
  };
  return { type: 'SubscriptionPaymentSucceeded', data };
}

/**
 * A PaymentRefunded of the member's payment, as billing records it: of all of it unless `totalRefundedCents`
 * (the charge's refunded total so far) says less.
 */
export function refund(
  memberId: string,
  invoiceId: string,
  amountCents: number,
  refundedAt: Date,
  totalRefundedCents = amountCents,
) {
  return {
    type: 'PaymentRefunded',
    data: {
      memberId,
      subscriptionId: `sub_${memberId.slice(0, 8)}`,
      providerEventId: `evt_refund_${invoiceId}`,
      occurredAt: refundedAt.toISOString(),
      chargeId: `ch_${invoiceId}`,
      invoiceId,
      amountRefundedCents: totalRefundedCents,
      totalRefundedCents,
      paymentAmountCents: amountCents,
    },
  };
}

/** The provider's member payout accounts: one per idempotency key, payouts enabled when the test says. */
export class PayoutAccountsDouble {
  readonly created = new Map<string, string>();
  readonly enabled = new Set<string>();

  createMemberPayoutAccount(input: { idempotencyKey: string }) {
    const id = this.created.get(input.idempotencyKey) ?? `acct_member_${this.created.size + 1}`;
    this.created.set(input.idempotencyKey, id);
    return Promise.resolve(this.account(id));
  }

  createAccountLink(input: { accountId: string; returnUrl: string }) {
    return Promise.resolve({
      url: `https://connect.example/${input.accountId}?return=${encodeURIComponent(input.returnUrl)}`,
      expiresAt: new Date().toISOString(),
    });
  }

  retrieveConnectedAccount(accountId: string) {
    return Promise.resolve(this.account(accountId));
  }

  private account(id: string) {
    const ready = this.enabled.has(id);
    return { id, chargesEnabled: ready, payoutsEnabled: ready, detailsSubmitted: ready, charityId: null };
  }
}
