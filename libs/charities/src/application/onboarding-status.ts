import type { OnboardingStatus } from '@arena/contracts';
import { isVerified, paymentAccountStatus, type OnboardedCharity } from '../domain/charity.decider';
import { emailHint } from './email-hint';

/** Where an onboarding stands, from the stream's state (never from the provider's return URL). */
export function onboardingStatusOf(charity: OnboardedCharity): OnboardingStatus {
  return {
    charityId: charity.charityId,
    ein: charity.ein,
    organizationName: charity.organizationName,
    stripeAccountId: charity.stripeAccountId ?? '',
    paymentAccountStatus: paymentAccountStatus(charity),
    emailHint: emailHint(charity.email),
    emailVerified: charity.emailVerified,
    isVerified: isVerified(charity),
  };
}
