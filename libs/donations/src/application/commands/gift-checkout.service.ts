import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import type { DonationCheckoutAnswer, DonationCheckoutBody } from '@arena/contracts';
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
    } & DonationCheckoutBody,
    memberId: string | null,
    attemptId: string,
  ): Promise<DonationCheckoutAnswer> {
    const charity = body.charityEin ? await this.charities.verified(body.charityEin) : null;
    if (body.charityEin && !charity) throw charityNotVerified();
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
}
