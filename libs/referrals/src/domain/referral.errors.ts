import { DomainError } from '@arena/http';

/**
 * Refusals of the referral rules, answered by kind (`DomainError`); the message is what people (or, for
 * a job run too early, the logs) read.
 */
export type ReferralErrorKind = 'not_found' | 'conflict' | 'invalid' | 'too_many' | 'unavailable';

export class ReferralError extends DomainError<ReferralErrorKind> {}

export const rewardNotFound = (rewardId: string) =>
  new ReferralError('not_found', `Referral reward ${rewardId} does not exist`);
export const windowNotOver = (rewardId: string, endsAt: string) =>
  new ReferralError('conflict', `Referral reward ${rewardId}: its refund window ends at ${endsAt}`);
export const notPayable = (rewardId: string) =>
  new ReferralError('conflict', `Referral reward ${rewardId} is not released and unpaid`);
export const payoutMismatch = (payoutId: string) =>
  new ReferralError('conflict', `Referral payout ${payoutId}: its amounts do not add up`);
export const rewardListedTwice = (payoutId: string, rewardId: string) =>
  new ReferralError('conflict', `Referral payout ${payoutId}: reward ${rewardId} is listed more than once`);
export const clawbackNotOwed = (payoutId: string, clawbackCents: number, owedCents: number) =>
  new ReferralError(
    'conflict',
    `Referral payout ${payoutId}: a clawback of ${clawbackCents} cents is more than the ${owedCents} cents owed`,
  );
export const memberNotFound = () => new ReferralError('not_found', 'Member not found');
export const payoutAccountTaken = () =>
  new ReferralError('conflict', 'This payout account belongs to another member: please contact support');
export const tooManyPayoutAccountRequests = (retryAfterSeconds?: number) =>
  new ReferralError(
    'too_many',
    'Too many payout account requests: please try again later',
    retryAfterSeconds,
  );
export const streamBusy = () =>
  new ReferralError('conflict', 'These referral rewards are being changed right now: please try again');

/** Issue 20: a reversal of a payout transfer not recorded (yet): the provider delivers it again. */
export const payoutNotRecorded = (payoutId: string, transferId: string) =>
  new ReferralError('conflict', `Payout ${payoutId} with transfer ${transferId} is not recorded`);
export const reversalOverPayout = (payoutId: string, reversalId: string, amountCents: number, left: number) =>
  new ReferralError(
    'invalid',
    `Payout ${payoutId}: reversal ${reversalId} of ${amountCents} cents is more than the ${left} cents not yet reversed`,
  );
