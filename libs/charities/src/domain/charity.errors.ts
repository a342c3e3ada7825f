import { CharityMessages } from '@arena/contracts';
import { DomainError } from '@arena/http';

/** Refusals of the charity rules, answered by kind (`DomainError`); the message is what people read. */
export type CharityErrorKind =
  'not_found' | 'forbidden' | 'conflict' | 'invalid' | 'too_many' | 'provider_failed';

export class CharityError extends DomainError<CharityErrorKind> {}

export const charityNotFound = () => new CharityError('not_found', CharityMessages.charityNotFound);
export const noOnboardingData = () => new CharityError('not_found', CharityMessages.noOnboardingData);
export const alreadyOnboardedByAnother = () =>
  new CharityError('conflict', CharityMessages.alreadyOnboardedByAnother);
export const notCharityManager = () => new CharityError('forbidden', CharityMessages.notCharityManager);
export const codeWrongOrExpired = () =>
  new CharityError('invalid', CharityMessages.onboardingCodeWrongOrExpired);
export const tooManyRequests = () => new CharityError('too_many', CharityMessages.tooManyRequests);
export const missingPaymentAccount = () =>
  new CharityError('conflict', CharityMessages.missingPaymentAccount);
export const paymentProviderFailed = () =>
  new CharityError('provider_failed', CharityMessages.failedToLinkPaymentAccount);
export const streamBusy = () =>
  new CharityError('conflict', 'This charity is being changed right now: please try again');
export const storyNotFound = () => new CharityError('not_found', 'Impact story not found');
export const onboardingLimitReached = () =>
  new CharityError('conflict', CharityMessages.onboardingLimitReached);
export const heldForReview = () => new CharityError('conflict', CharityMessages.heldForReview);
export const onboardingClosed = () => new CharityError('conflict', CharityMessages.onboardingClosed);
export const claimRefused = () => new CharityError('forbidden', CharityMessages.claimRefused);
export const notInDirectory = () => new CharityError('invalid', CharityMessages.inviteNeedsDirectoryEin);
export const invitationsDailyLimit = () =>
  new CharityError('too_many', CharityMessages.invitationsDailyLimit);
export const logoUnreadable = () => new CharityError('invalid', CharityMessages.logoUnreadable);
export const logoNotFound = () => new CharityError('not_found', CharityMessages.logoNotFound);
export const tooManyLogoUploads = (retryAfterSeconds: number) =>
  new CharityError('too_many', CharityMessages.tooManyRequests, retryAfterSeconds);
