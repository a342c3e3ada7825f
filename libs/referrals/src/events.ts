// What read models and other contexts may know of referrals without loading the context: their events.
export * from './domain/referral.events';
