import { SubscriptionMessages as M } from '@arena/contracts';

/** Refusals of the subscription calls. `kind` picks the HTTP status (one interceptor). */
export type SubscriptionErrorKind = 'invalid' | 'conflict' | 'too_many' | 'unavailable';

export class SubscriptionError extends Error {
  constructor(
    readonly kind: SubscriptionErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionError';
  }
}

export const alreadyOnPlan = () => new SubscriptionError('invalid', M.alreadyOnPlan);
export const hasSubscription = () => new SubscriptionError('invalid', M.hasSubscription);
export const noSubscription = () => new SubscriptionError('invalid', M.noSubscription);
export const alreadyCanceled = () => new SubscriptionError('invalid', M.alreadyCanceled);
export const noUpgradeAvailable = () => new SubscriptionError('invalid', M.noUpgradeAvailable);
export const downgradeInPortal = () => new SubscriptionError('invalid', M.downgradeInPortal);
export const noCustomer = () => new SubscriptionError('invalid', M.noSubscription);
export const tooManyCheckouts = () => new SubscriptionError('too_many', M.tooManyCheckouts);
export const streamBusy = () =>
  new SubscriptionError('conflict', 'This subscription is being changed right now: please try again');
