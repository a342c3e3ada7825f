import { charityLogoUrl, type OnboardingStatus } from '@arena/contracts';
import {
  closureOf,
  expiresAt,
  isVerified,
  paymentAccountStatus,
  reviewOf,
  verificationOf,
  type OnboardedCharity,
} from '../domain/charity.decider';
import { emailHint } from './email-hint';

/** Where an onboarding stands at `now`, from the stream's state (never from the provider's return URL). */
export function onboardingStatusOf(charity: OnboardedCharity, now: Date): OnboardingStatus {
  const closed = closureOf(charity, now);
  return {
    charityId: charity.charityId,
    ein: charity.ein,
    organizationName: charity.organizationName,
    stripeAccountId: charity.stripeAccountId ?? '',
    paymentAccountStatus: paymentAccountStatus(charity),
    emailHint: emailHint(charity.email),
    emailVerified: charity.emailVerified,
    isVerified: closed === null && isVerified(charity),
    verification: verificationOf(charity),
    review: reviewOf(charity),
    expiresAt: expiresAt(charity)?.toISOString() ?? null,
    closed,
    logoUrl: charity.logoId === null ? null : charityLogoUrl(charity.ein, charity.logoId),
  };
}
