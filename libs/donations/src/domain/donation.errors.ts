import { DonationMessages } from '@arena/contracts';
import { DomainError } from '@arena/http';

/**
 * Refusals of the donation rules, answered by kind (`DomainError`); the message is what people (or, for
 * out-of-order provider events, the logs) read.
 */
export type DonationErrorKind = 'not_found' | 'conflict' | 'invalid' | 'too_many';

export class DonationError extends DomainError<DonationErrorKind> {}

export const donationNotFound = (donationId: string) =>
  new DonationError('not_found', `Donation ${donationId} does not exist`);
export const donationExistsDifferently = (donationId: string) =>
  new DonationError('conflict', `Donation ${donationId} exists already, with other facts`);
export const notInStatus = (donationId: string, step: string, status: string) =>
  new DonationError('conflict', `Donation ${donationId}: cannot ${step} while ${status}`);
export const otherTransfer = (donationId: string, transferId: string) =>
  new DonationError('conflict', `Donation ${donationId} is not in transfer ${transferId}`);
export const reversalOverAmount = (
  donationId: string,
  reversalId: string,
  amountCents: number,
  left: number,
) =>
  new DonationError(
    'invalid',
    `Donation ${donationId}: reversal ${reversalId} of ${amountCents} cents is more than the ${left} cents not yet reversed`,
  );
export const invalidAmount = () => new DonationError('invalid', DonationMessages.invalidCharityAndAmount);
export const payoutOverBalance = () => new DonationError('invalid', DonationMessages.payoutOverBalance);
export const charityNotVerified = () => new DonationError('invalid', DonationMessages.charityNotVerified);
export const invalidCharity = () => new DonationError('invalid', DonationMessages.invalidCharityAndAmount);
export const tooManyCheckouts = (retryAfterSeconds?: number) =>
  new DonationError('too_many', DonationMessages.tooManyCheckouts, retryAfterSeconds);
export const shareNotFound = (shareId: string) =>
  new DonationError('not_found', `Prize share ${shareId} is not in this balance`);
export const shareNotDue = (shareId: string) =>
  new DonationError('conflict', `Prize share ${shareId} is not past its direct-by date yet`);
export const streamBusy = () =>
  new DonationError('conflict', 'This donation is being changed right now: please try again');
export const refundOverAmount = (donationId: string, totalCents: number, amountCents: number) =>
  new DonationError(
    'invalid',
    `Donation ${donationId}: refunds of ${totalCents} cents exceed the gift's ${amountCents} cents`,
  );
export const disputeNotFound = (donationId: string, disputeId: string) =>
  new DonationError('not_found', `Donation ${donationId} has no dispute ${disputeId} yet`);
export const notAGift = (donationId: string) =>
  new DonationError('conflict', `Donation ${donationId} is not a gift`);

/** Issue 23: cancelling names a subscription that is not one of the member's monthly gifts (or none at all). */
export const monthlyGiftNotFound = () => new DonationError('not_found', DonationMessages.monthlyGiftNotFound);
