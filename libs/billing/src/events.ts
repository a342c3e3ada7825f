// What read models and other contexts may know of subscriptions without loading the context: their events.
export * from './domain/subscription.events';
export * from './domain/subscription.view';
