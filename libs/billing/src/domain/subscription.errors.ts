import { SubscriptionMessages as M } from '@arena/contracts';
import { DomainError } from '@arena/http';

/** Refusals of the subscription calls, answered by kind (`DomainError`). */
export type SubscriptionErrorKind = 'invalid' | 'not_found' | 'conflict' | 'too_many' | 'unavailable';

export class SubscriptionError extends DomainError<SubscriptionErrorKind> {}

export const alreadyOnPlan = () => new SubscriptionError('invalid', M.alreadyOnPlan);
export const hasSubscription = () => new SubscriptionError('invalid', M.hasSubscription);
export const noSubscription = () => new SubscriptionError('invalid', M.noSubscription);
export const alreadyCanceled = () => new SubscriptionError('invalid', M.alreadyCanceled);
export const noUpgradeAvailable = () => new SubscriptionError('invalid', M.noUpgradeAvailable);
export const downgradeInPortal = () => new SubscriptionError('invalid', M.downgradeInPortal);
export const noCustomer = () => new SubscriptionError('invalid', M.noSubscription);
export const checkoutNotFound = () => new SubscriptionError('not_found', M.checkoutNotFound);
export const tooManyCheckouts = (retryAfterSeconds?: number) =>
  new SubscriptionError('too_many', M.tooManyCheckouts, retryAfterSeconds);
export const streamBusy = () =>
  new SubscriptionError('conflict', 'This subscription is being changed right now: please try again');
