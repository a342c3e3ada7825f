/**
 * The one contract between the web and the server: zod schemas, their types, socket.io events and the
 * shared rules. Framework-free, so both sides import it. The web imports values from the subpath
 * modules (`@arena/contracts/identity.rules`, `…/phone-check`) so its bundles carry only what they use,
 * and types from here.
 */
export * from './auth.messages';
export * from './envelope';
export * from './identity.rules';
export * from './phone-check';
export * from './identity.contract';
export * from './tournaments.contract';
export * from './tournaments.rules';
export * from './realtime.contract';
export * from './game-frame.contract';
export * from './games.catalog';
export * from './plays.contract';
export * from './releases';
export * from './packed-log';
export * from './signed-results.contract';
export * from './client-config.contract';
export * from './operations.contract';
export * from './http.contract';
export * from './http.routes';
export * from './openapi';
export * from './charities.messages';
export * from './text.rules';
export * from './charities.contract';
export * from './charity-search.contract';
export * from './donations.messages';
export * from './donations.contract';
export * from './ledger.contract';
export * from './subscriptions.messages';
export * from './subscriptions.contract';
export * from './referrals.contract';
export * from './account.contract';
export * from './payments-clock.contract';
export * from './web.routes';
export * from './game-art';
