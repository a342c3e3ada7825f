// What read models and other contexts may know of donations without loading the context: their events.
export * from './domain/donation.events';
