// What read models and other contexts may know of charities without loading the context: their events.
export * from './domain/charity.events';
