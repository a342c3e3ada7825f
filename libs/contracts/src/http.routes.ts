/**
 * Where every HTTP route lives: its method and path template, once. The API's controllers answer
 * these (test/integration/route-contract.spec.ts holds them to it), `HTTP_ROUTES` documents each one
 * with its schemas, and the web calls them through its API client, which takes a route from this
 * table and never a URL. Schema-free, so the web's bundles carry only these strings.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteRef<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  /** Path parameters in braces: `/api/tournaments/{id}/join`. */
  readonly path: P;
}

/** The names in a path template's braces: `'id' | 'matchId'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

export type PathParams<P extends string> = Record<PathParamName<P>, string | number>;

/** The params argument: required when the template has any, absent when it has none. */
export type PathParamsArgument<P extends string> = [PathParamName<P>] extends [never]
  ? []
  : [params: PathParams<P>];

const route = <const M extends HttpMethod, const P extends `/api/${string}`>(
  method: M,
  path: P,
): RouteRef<M, P> => ({ method, path });

/** A path template with its params filled in, each encoded as one path segment. */
export function fillPath(template: string, params: Partial<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_braces, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path of `route` with its params filled in: `pathFor(routes.ledger.exportCsv)` for a link. */
export function pathFor<P extends string>(
  route: RouteRef<HttpMethod, P>,
  ...[params]: PathParamsArgument<P>
): string {
  return fillPath(route.path, params);
}

export const routes = {
  auth: {
    signUp: route('post', '/api/auth/signup'),
    verifySignUpEmail: route('post', '/api/auth/verify/email'),
    verifySignUpPhone: route('post', '/api/auth/verify/phone'),
    login: route('post', '/api/auth/login'),
    verifyLogin: route('post', '/api/auth/login/verify'),
    resendCode: route('post', '/api/auth/resend'),
    refresh: route('post', '/api/auth/refresh'),
    logout: route('post', '/api/auth/logout'),
    unlockSignIn: route('post', '/api/auth/unlock'),
    profile: route('get', '/api/auth/profile'),
    changeEmail: route('post', '/api/auth/contact/email'),
    verifyEmailChange: route('post', '/api/auth/contact/email/verify'),
    changePhone: route('post', '/api/auth/contact/phone'),
    verifyPhoneChange: route('post', '/api/auth/contact/phone/verify'),
    resendContactCode: route('post', '/api/auth/contact/resend'),
    replaceAvatar: route('put', '/api/auth/avatar'),
    avatar: route('get', '/api/auth/avatars/{accountId}'),
  },
  tournaments: {
    list: route('get', '/api/tournaments'),
    detail: route('get', '/api/tournaments/{id}'),
    join: route('post', '/api/tournaments/{id}/join'),
    submitScore: route('post', '/api/tournaments/{id}/scores'),
    selectCharity: route('put', '/api/tournaments/{id}/charity'),
    nonprofits: route('get', '/api/nonprofits'),
    playerStats: route('get', '/api/tournaments/{id}/players/{playerId}/stats'),
    myGameStats: route('get', '/api/users/game-stats'),
    recordMatchResult: route('post', '/api/tournaments/{id}/matches/{matchId}/result'),
  },
  plays: {
    start: route('post', '/api/tournaments/{id}/plays'),
    startMatch: route('post', '/api/tournaments/{id}/matches/{matchId}/plays'),
    submitResult: route('post', '/api/plays/{playId}/result'),
    reveal: route('post', '/api/plays/{playId}/reveal'),
    release: route('post', '/api/plays/{playId}/release'),
    run: route('get', '/api/plays/{playId}/run'),
    bestRun: route('get', '/api/tournaments/{id}/runs/best'),
    myBestRun: route('get', '/api/tournaments/{id}/runs/mine'),
  },
  admin: {
    createTournament: route('post', '/api/admin/tournaments'),
    cancelTournament: route('post', '/api/admin/tournaments/{id}/cancel'),
    editTournament: route('patch', '/api/admin/tournaments/{id}'),
  },
  operations: {
    clientConfig: route('get', '/api/config'),
    health: route('get', '/api/health'),
    healthDetails: route('get', '/api/health/details'),
    metrics: route('get', '/api/metrics'),
    devTools: route('get', '/api/dev/tools'),
    devMailbox: route('get', '/api/dev/mailbox'),
    advancePaymentsClock: route('post', '/api/dev/payments/clock'),
    runLocalPayouts: route('post', '/api/dev/payments/payouts'),
    openApiDocument: route('get', '/api/openapi.json'),
    docsPage: route('get', '/api/docs'),
  },
  charities: {
    search: route('post', '/api/charities/charity-navigator/graphql'),
    list: route('get', '/api/charities'),
    rankings: route('get', '/api/charities/rankings'),
    favorites: route('get', '/api/charities/favorites'),
    addFavorite: route('post', '/api/charities/favorites'),
    removeFavorite: route('delete', '/api/charities/favorites'),
    invite: route('post', '/api/charities/invite-charity'),
    stripeLink: route('post', '/api/charities/stripe/link'),
    managed: route('get', '/api/charities/managed'),
    onboardingStatus: route('get', '/api/charities/onboarding/{charityId}'),
    onboardingReturn: route('get', '/api/charities/onboarding/{charityId}/stripe-return'),
    sendOnboardingCode: route('post', '/api/charities/onboarding/{charityId}/code'),
    verifyOnboardingCode: route('post', '/api/charities/onboarding/{charityId}/verify'),
    replaceLogo: route('put', '/api/charities/onboarding/{charityId}/logo'),
    removeLogo: route('delete', '/api/charities/onboarding/{charityId}/logo'),
    logo: route('get', '/api/charities/ein/{ein}/logo'),
    profile: route('get', '/api/charities/ein/{ein}'),
    ledger: route('get', '/api/charities/ein/{ein}/ledger'),
    supporters: route('get', '/api/charities/ein/{ein}/supporters'),
    donors: route('get', '/api/charities/ein/{ein}/donors'),
    stories: route('get', '/api/charities/ein/{ein}/stories'),
    publishStory: route('post', '/api/charities/ein/{ein}/stories'),
    byId: route('get', '/api/charities/{id}'),
    adminReviews: route('get', '/api/admin/charities/reviews'),
    adminReview: route('post', '/api/admin/charities/{ein}/review'),
  },
  payments: {
    stripeWebhook: route('post', '/api/stripe/webhooks'),
    stripeConnectWebhook: route('post', '/api/stripe/connect-webhooks'),
    localConnectPage: route('get', '/api/payments/local/connect/{accountId}'),
    localConnectSubmit: route('post', '/api/payments/local/connect/{accountId}'),
    localCheckoutPage: route('get', '/api/payments/local/checkout/{sessionId}'),
    localCheckoutSubmit: route('post', '/api/payments/local/checkout/{sessionId}'),
    localPortalPage: route('get', '/api/payments/local/portal/{sessionId}'),
    localPortalSubmit: route('post', '/api/payments/local/portal/{sessionId}'),
  },
  donations: {
    checkout: route('post', '/api/stripe/checkout'),
    list: route('get', '/api/donations'),
    summary: route('get', '/api/donations/summary'),
    winners: route('get', '/api/donations/winners'),
    receipt: route('get', '/api/donations/receipts/{receiptCode}'),
    byCheckout: route('get', '/api/donations/checkout/{sessionId}'),
    mine: route('get', '/api/donations/mine'),
    monthlyGifts: route('get', '/api/donations/monthly-gifts'),
    cancelMonthlyGift: route('post', '/api/donations/monthly-gifts/{subscriptionId}/cancel'),
    requestPayout: route('post', '/api/donations/payout-requests'),
    featuredStories: route('get', '/api/impact-stories'),
    likeStory: route('post', '/api/impact-stories/{id}/like'),
    unlikeStory: route('delete', '/api/impact-stories/{id}/like'),
  },
  ledger: {
    entries: route('get', '/api/ledger/entries'),
    inclusionProof: route('get', '/api/ledger/entries/{id}/proof'),
    consistencyProof: route('get', '/api/ledger/consistency'),
    checkpoints: route('get', '/api/ledger/checkpoints'),
    signCheckpoint: route('post', '/api/ledger/checkpoints'),
    publicKey: route('get', '/api/ledger/public-key'),
    keys: route('get', '/api/ledger/keys'),
    exportCsv: route('get', '/api/ledger/export.csv'),
  },
  finance: {
    reconciliation: route('get', '/api/finance/reconciliation'),
    runTransferWindow: route('post', '/api/finance/transfer-window'),
  },
  subscriptions: {
    plans: route('get', '/api/subscriptions/plans'),
    checkout: route('post', '/api/subscriptions/checkout'),
    active: route('get', '/api/subscriptions/active'),
    checkoutState: route('get', '/api/subscriptions/checkout/{sessionId}'),
    cancel: route('post', '/api/subscriptions/cancel'),
    update: route('post', '/api/subscriptions/update'),
    portal: route('post', '/api/subscriptions/portal'),
  },
  referrals: {
    mine: route('get', '/api/referrals/me'),
    rewardMode: route('put', '/api/referrals/reward-mode'),
    payoutAccount: route('post', '/api/referrals/payout-account'),
  },
  account: {
    transactions: route('get', '/api/account/transactions'),
    sessions: route('get', '/api/account/sessions'),
    signOutOthers: route('post', '/api/account/sessions/sign-out-others'),
    delete: route('post', '/api/account/delete'),
    supportMessage: route('post', '/api/support/messages'),
  },
};

/** Every route of the table, in its order. */
export const ALL_ROUTES: readonly RouteRef[] = Object.values(routes).flatMap((group) =>
  Object.values<RouteRef>(group),
);
