import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import {
  ONBOARDING_RESEND_SECONDS,
  type OnboardingCodeSent,
  type OnboardingStatus,
  type StripeLinkAnswer,
  type StripeLinkBody,
} from '@arena/contracts';
import { DATABASE } from '@arena/database';
import {
  CODE_TTL_MS,
  checkCode,
  generateOneTimeCode,
  hashOneTimeCode,
  oneTimeCodeMatches,
  MemberAccounts,
} from '@arena/identity';
import { NotificationsService } from '@arena/notifications';
import { Payments, PaymentsClock } from '@arena/payments';
import {
  ONBOARDING_TTL_DAYS,
  closureOf,
  reviewOf,
  verificationOf,
  type OnboardedCharity,
} from '../../domain/charity.decider';
import {
  codeWrongOrExpired,
  heldForReview,
  missingPaymentAccount,
  onboardingClosed,
  onboardingLimitReached,
  paymentProviderFailed,
  tooManyRequests,
} from '../../domain/charity.errors';
import { NonprofitDirectory } from '../../domain/nonprofit-directory';
import { CharityData } from '../ports/charity-data';
import type { CharitiesTables } from '../../infrastructure/charities.tables';
import { CharityOnboardingsRepository } from '../../infrastructure/charity-onboardings.repository';
import { OnboardingCodesRepository } from '../../infrastructure/onboarding-codes.repository';
import { ClaimLock } from '../../infrastructure/claim-lock';
import { randomEventIds } from '@arena/event-store';
import { CharityStreamRepository } from '../charity-stream.repository';
import { emailHint } from '../email-hint';
import { ManagedCharity } from '../managed-charity';
import { onboardingStatusOf } from '../onboarding-status';
import { CharityPaymentAccounts } from './charity-payment-accounts.service';

/** How many onboardings a member may hold open at once (not expired, ended, or with payouts enabled). */
export const MAX_OPEN_ONBOARDINGS = 2;

/** The idempotency key of a charity's connected account: one charity, one account, however often asked. */
export const connectedAccountKey = (charityId: string) => `charity-account-${charityId}`;

/**
 * Onboarding (docs/charities.md "Onboarding"): the organization details make the signed-in member the
 * charity's manager; a connected payout account and a link into the provider's hosted onboarding; then
 * a 6-digit code to the charity email. Verified = payouts enabled (the provider's webhook says so) and
 * the email confirmed.
 */
@Injectable()
export class CharityOnboardingService {
  private readonly logger = new Logger('CharityOnboarding');
  private readonly hashKey: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Kysely<CharitiesTables>,
    private readonly streams: CharityStreamRepository,
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly codes: OnboardingCodesRepository,
    private readonly directory: NonprofitDirectory,
    private readonly charityData: CharityData,
    private readonly payments: Payments,
    private readonly notifications: NotificationsService,
    private readonly paymentAccounts: CharityPaymentAccounts,
    private readonly clock: PaymentsClock,
    private readonly claimLock: ClaimLock,
    private readonly members: MemberAccounts,
    private readonly managedCharity: ManagedCharity,
  ) {
    // Its own key, derived as the accounts' codes derive theirs, so neither kind of code hashes like the other.
    this.hashKey = createHmac('sha256', config.OTP_HASH_SECRET ?? config.JWT_ACCESS_SECRET)
      .update('charity-onboarding-code-hash')
      .digest('hex');
  }

  /**
   * POST /api/charities/stripe/link: start or resume. The same member again gets the same charity and
   * account and a fresh link; another member's call for an EIN a manager holds is refused (409).
   */
  async link(managerId: string, body: StripeLinkBody): Promise<StripeLinkAnswer> {
    // The spec's call names no charity email: then the one on record (resuming) or the manager's own.
    const contact = body.email ? undefined : await this.members.findContact(managerId);
    // A known EIN's record names and places the charity; the claimant's name is used only for an EIN the
    // directory does not hold, and then an operator reviews the charity before it is listed or paid.
    const [found, listed] = [await this.charityData.findByEin(body.ein), this.directory.findByEin(body.ein)];
    const recordName = found?.name?.trim() || listed?.name;
    const address = [found?.street, found?.street2].filter(Boolean).join(', ');
    const now = await this.clock.now();
    const charity = await this.claimLock.run(managerId, async () => {
      const current = await this.streams.load(body.ein);
      const resuming =
        current !== null && current.managerId === managerId && closureOf(current, now) === null;
      if (
        !resuming &&
        (await this.onboardings.countOpen(managerId, now, ONBOARDING_TTL_DAYS)) >= MAX_OPEN_ONBOARDINGS
      ) {
        throw onboardingLimitReached();
      }
      const { state } = await this.streams.execute(
        {
          type: 'StartOnboarding',
          data: {
            charityId: randomUUID(),
            ein: body.ein,
            organizationName: recordName ?? body.organizationName,
            description: body.description,
            category: found?.cause ?? listed?.category ?? body.category,
            email: body.email ?? (resuming ? current.email : undefined) ?? contact?.email ?? '',
            managerId,
            address: address === '' ? null : address,
            city: found?.city ?? listed?.city ?? null,
            state: found?.state ?? listed?.state ?? null,
            zipCode: found?.zip ?? null,
            website: found?.organization_url ?? null,
            inDirectory: recordName !== undefined,
            at: now.toISOString(),
          },
        },
        randomEventIds,
      );
      const started = state!;
      await this.onboardings.remember({
        charityId: started.charityId,
        ein: started.ein,
        managerId: started.managerId,
        createdAt: new Date(started.createdAt),
        review: reviewOf(started),
      });
      return started;
    });
    // The contact email may have changed on resume: the review state follows it.
    await this.onboardings.recordReview(charity.charityId, reviewOf(charity), false);
    return this.continueToProvider(charity);
  }

  private async continueToProvider(started: OnboardedCharity): Promise<StripeLinkAnswer> {
    let charity = started;
    charity = await this.ensureAccount(charity);
    const stripeAccountId = charity.stripeAccountId!;
    if (charity.payoutsEnabled) {
      return {
        success: true,
        stripeAccountId,
        charityId: charity.charityId,
        verificationUrl: null,
        stripeStatus: 'COMPLETE',
        message: 'Payment account already verified',
      };
    }
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    const accountLink = await this.provider(() =>
      this.payments.createAccountLink({
        accountId: stripeAccountId,
        // Through the API, which asks the provider about the account before the browser goes on to step 4.
        returnUrl: `${base}/api/charities/onboarding/${charity.charityId}/stripe-return`,
        refreshUrl: `${base}/charity-onboarding?step=3&error=${encodeURIComponent('Your payment setup link expired. Please try again.')}`,
      }),
    );
    return {
      success: true,
      stripeAccountId,
      charityId: charity.charityId,
      verificationUrl: accountLink.url,
      stripeStatus: 'IN_PROGRESS',
      message: 'Continue to the payment provider to verify your organization',
    };
  }

  /**
   * GET /api/charities/onboarding/{charityId}/stripe-return: where the provider's hosted onboarding sends
   * the browser back. Coming back proves nothing by itself, so the provider is asked about the account
   * and its answer recorded as account.updated would (a late or lost webhook then verifies nothing less);
   * then on to step 4 of the web's onboarding. Public (a browser redirect carries no token): it only makes
   * us ask the provider, at most once per charity in 10 seconds, and never fails the redirect.
   */
  async returnedFromProvider(charityId: string): Promise<string> {
    try {
      const outcome = await this.paymentAccounts.recheck(charityId);
      this.logger.log({ charityId, outcome }, 'back from the payment provider’s onboarding');
    } catch (error) {
      this.logger.warn({ charityId, err: error }, 'could not record the account on return from onboarding');
    }
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/charity-onboarding?step=4&fromStripe=true`;
  }

  /** GET /api/charities/onboarding/{charityId} */
  async status(managerId: string, charityId: string): Promise<OnboardingStatus> {
    return onboardingStatusOf(await this.managed(managerId, charityId), await this.clock.now());
  }

  /** GET /api/charities/managed */
  async managedCharities(managerId: string): Promise<OnboardingStatus[]> {
    const rows = await this.onboardings.managedBy(managerId);
    const states = await Promise.all(rows.map((row) => this.streams.load(row.ein)));
    const now = await this.clock.now();
    return states.flatMap((charity) =>
      charity !== null && charity.managerId === managerId ? [onboardingStatusOf(charity, now)] : [],
    );
  }

  /** POST …/onboarding/{charityId}/code: a fresh code to the contact email, at most one a minute. */
  async sendCode(managerId: string, charityId: string): Promise<OnboardingCodeSent> {
    const charity = await this.managed(managerId, charityId);
    const hint = emailHint(charity.email);
    if (charity.emailVerified) return { emailHint: hint, resendAfterSeconds: 0 };
    if (closureOf(charity, await this.clock.now()) !== null) throw onboardingClosed();
    // The code goes only to an address on the domain of the organization's website on record.
    if (verificationOf(charity) !== 'EMAIL_CODE') throw heldForReview();
    const now = new Date();
    const code = generateOneTimeCode();
    await this.db.transaction().execute(async (trx) => {
      const live = await this.codes.live(trx, charityId);
      if (live && now.getTime() - live.created_at.getTime() < ONBOARDING_RESEND_SECONDS * 1000) {
        throw tooManyRequests();
      }
      await this.codes.replace(trx, {
        id: randomUUID(),
        charity_id: charityId,
        code_hash: hashOneTimeCode(this.hashKey, this.codeSubject(charity), 'email', code),
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
      });
    });
    await this.notifications.sendEmail({
      to: charity.email,
      subject: `Confirm ${charity.organizationName} on Charity Arena`,
      text:
        `Your Charity Arena verification code for ${charity.organizationName} is ${code}. ` +
        'It expires in 10 minutes. If you did not start this charity onboarding, ignore this message.',
    });
    return { emailHint: hint, resendAfterSeconds: ONBOARDING_RESEND_SECONDS };
  }

  /** POST …/onboarding/{charityId}/verify: a confirmed code confirms the email and lists the charity. */
  async verifyCode(managerId: string, charityId: string, otpCode: string): Promise<OnboardingStatus> {
    const charity = await this.managed(managerId, charityId);
    if (charity.emailVerified) return onboardingStatusOf(charity, await this.clock.now());
    const now = new Date();
    const accepted = await this.db.transaction().execute(async (trx) => {
      const live = await this.codes.live(trx, charityId);
      if (!live) return false;
      const matches = oneTimeCodeMatches(
        this.hashKey,
        this.codeSubject(charity),
        'email',
        otpCode,
        live.code_hash,
      );
      const check = checkCode(
        { failedAttempts: live.failed_attempts, expiresAt: live.expires_at, consumedAt: live.consumed_at },
        now,
        matches,
      );
      if (check.outcome === 'wrong') await this.codes.recordFailedAttempt(trx, live.id);
      if (check.outcome === 'accepted') await this.codes.consume(trx, live.id, now);
      return check.outcome === 'accepted';
    });
    if (!accepted) throw codeWrongOrExpired();
    const { state } = await this.streams.execute(
      {
        type: 'VerifyEmail',
        data: { ein: charity.ein, email: charity.email, at: (await this.clock.now()).toISOString() },
      },
      randomEventIds,
    );
    return onboardingStatusOf(state!, await this.clock.now());
  }

  /** The charity, for its manager only (404 unknown, 403 another member's). */
  private managed(managerId: string, charityId: string): Promise<OnboardedCharity> {
    return this.managedCharity.load(managerId, charityId);
  }

  /** A code is bound to the charity and to the address it went to: a replaced address's code is worthless. */
  private codeSubject(charity: OnboardedCharity) {
    return `charity:${charity.charityId}:${charity.email.toLowerCase()}`;
  }

  private async ensureAccount(charity: OnboardedCharity): Promise<OnboardedCharity> {
    if (charity.stripeAccountId !== null) {
      await this.onboardings.rememberAccount(charity.charityId, charity.stripeAccountId);
      return charity;
    }
    const account = await this.provider(() =>
      this.payments.createConnectedAccount({
        ein: charity.ein,
        organizationName: charity.organizationName,
        email: charity.email,
        charityId: charity.charityId,
        idempotencyKey: connectedAccountKey(charity.charityId),
      }),
    );
    // Written before the event, so a webhook that beats the event here still finds the charity.
    await this.onboardings.rememberAccount(charity.charityId, account.id);
    const { state } = await this.streams.execute(
      {
        type: 'LinkPaymentAccount',
        data: { ein: charity.ein, stripeAccountId: account.id, at: new Date().toISOString() },
      },
      randomEventIds,
    );
    if (!state?.stripeAccountId) throw missingPaymentAccount();
    return state;
  }

  private async provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.error({ err: error }, 'the payment provider refused or failed');
      throw paymentProviderFailed();
    }
  }
}
