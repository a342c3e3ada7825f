import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { DonationCheckoutAnswer, DonationCheckoutBody, GiftFrequency } from '@arena/contracts';
import { Payments } from '@arena/payments';
import { charityNotVerified } from '../../domain/donation.errors';
import { PayoutCharities } from '../payout-charities';

/** The checkout session's metadata of a gift: the webhook reads it back. */
export interface GiftMetadata {
  kind: 'gift';
  charityEin?: string;
  memberId?: string;
  /** The name the donor chose for the public ledger (absent: anonymous). */
  donorName?: string;
}

/**
 * A monthly gift's metadata (issue 23), on its session, its subscription and every invoice's
 * `parent.subscription_details`. The donor is `donorMemberId`, never `memberId`: billing reads a member's
 * plan from `memberId`, and a gift is no plan (billing also refuses anything of kind 'gift').
 */
export interface MonthlyGiftMetadata {
  kind: 'gift';
  schedule: 'monthly';
  charityEin?: string;
  donorMemberId?: string;
  donorName?: string;
}

export const isMonthlyGiftMetadata = (
  metadata: Record<string, string> | null | undefined,
): metadata is Record<string, string> & MonthlyGiftMetadata =>
  metadata?.kind === 'gift' && metadata.schedule === 'monthly';

/** POST /api/stripe/checkout: a hosted checkout for a gift, to the pool or to a payout-verified charity. */
@Injectable()
export class GiftCheckoutService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: Payments,
    private readonly charities: PayoutCharities,
  ) {}

  async start(
    body: {
      amount_cents: number;
      email?: string;
      charityEin?: string;
      donorName?: string;
      frequency?: GiftFrequency;
    } & DonationCheckoutBody,
    memberId: string | null,
    attemptId: string,
  ): Promise<DonationCheckoutAnswer> {
    const charity = body.charityEin ? await this.charities.verified(body.charityEin) : null;
    if (body.charityEin && !charity) throw charityNotVerified();
    if (body.frequency === 'monthly') return this.startMonthly(body, charity, memberId, attemptId);
    const metadata: Record<string, string> = { kind: 'gift' };
    if (charity) metadata.charityEin = charity.ein;
    if (memberId) metadata.memberId = memberId;
    if (body.donorName) metadata.donorName = body.donorName;
    const session = await this.payments.createCheckoutSession({
      amountCents: body.amount_cents,
      email: body.email ?? null,
      description: charity
        ? `Gift to ${charity.name} through Charity Arena`
        : "Gift to Charity Arena's donation pool",
      successUrl: `${this.config.PUBLIC_URL}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.config.PUBLIC_URL}/donate?cancelled=1`,
      metadata,
      idempotencyKey: `gift-checkout:${attemptId}`,
    });
    return { ok: true, url: session.url, sessionId: session.id };
  }

  /** Issue 23: the same gift every month, a subscription-mode checkout with its own inline monthly price. */
  private async startMonthly(
    body: { amount_cents: number; email?: string; donorName?: string },
    charity: { ein: string; name: string } | null,
    memberId: string | null,
    attemptId: string,
  ): Promise<DonationCheckoutAnswer> {
    const metadata: Record<string, string> = { kind: 'gift', schedule: 'monthly' };
    if (charity) metadata.charityEin = charity.ein;
    if (memberId) metadata.donorMemberId = memberId;
    if (body.donorName) metadata.donorName = body.donorName;
    const session = await this.payments.createGiftSubscriptionCheckout({
      amountCents: body.amount_cents,
      email: body.email ?? null,
      description: charity
        ? `Monthly gift to ${charity.name} through Charity Arena`
        : "Monthly gift to Charity Arena's donation pool",
      successUrl: `${this.config.PUBLIC_URL}/donate/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.config.PUBLIC_URL}/donate?cancelled=1`,
      metadata,
      idempotencyKey: `monthly-gift-checkout:${attemptId}`,
    });
    return { ok: true, url: session.url, sessionId: session.id };
  }
}
