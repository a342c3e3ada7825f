import { z } from 'zod';
import { routes, type RouteRef } from './http.routes';
import { answerOf, messageAnswer, okErrorBody } from './envelope';
import {
  avatarBody,
  changeEmailBody,
  changePhoneBody,
  contactResendBody,
  loginBody,
  loginVerification,
  memberProfile,
  refreshedTokens,
  refreshTokenBody,
  resendCodeBody,
  sessionStarted,
  signUpBody,
  signUpVerification,
  unlockSignInBody,
  verifyEmailBody,
  verifyLoginBody,
  verifyPhoneBody,
} from './identity.contract';
import { clientConfig } from './client-config.contract';
import { charityGraphqlAnswer, charityGraphqlBody } from './charity-search.contract';
import {
  addFavoriteBody,
  charityAnswer,
  charityDonors,
  charityLedger,
  charityLedgerParams,
  charityList,
  charityProfile,
  charityRankings,
  charitySupporters,
  favoriteCharityList,
  impactStory,
  impactStoryList,
  inviteCharityBody,
  listCharitiesParams,
  managedCharities,
  onboardingCodeSent,
  onboardingStatus,
  charityLogoBody,
  publishStoryBody,
  removeFavoriteBody,
  stripeLinkAnswer,
  stripeLinkBody,
  verifyOnboardingCodeBody,
  charityReviewBody,
  charityReviewItem,
  charityReviewList,
} from './charities.contract';
import {
  playResultBody,
  playRun,
  releaseBody,
  releasedBlock,
  revealBody,
  revealedCard,
  startedPlay,
  verifiedPlayResult,
} from './plays.contract';
import {
  donationCheckoutAnswer,
  donationCheckoutBody,
  monthlyGift,
  monthlyGiftList,
  donationList,
  donationListParams,
  donationReceipt,
  donationSummary,
  featuredStories,
  memberDonations,
  payoutRequestAnswer,
  payoutRequestBody,
  publicDonation,
  storyLike,
  topWinners,
  topWinnersParams,
  transferWindowRun,
} from './donations.contract';
import {
  ledgerCheckpoint,
  ledgerCheckpoints,
  ledgerCheckpointsParams,
  ledgerConsistencyParams,
  ledgerConsistencyProof,
  ledgerEntries,
  ledgerEntriesParams,
  ledgerExportParams,
  ledgerInclusionProof,
  ledgerKeys,
  ledgerPublicKey,
  reconciliationParams,
  reconciliationReport,
} from './ledger.contract';
import { devMailbox, devToolsAvailable, healthDetails, healthReport } from './operations.contract';
import {
  cancelTournamentBody,
  createdTournament,
  createTournamentBody,
  editedTournament,
  editTournamentBody,
  nonprofitList,
  nonprofitSearchParams,
  selectCharityBody,
  selectedCharity,
  joinedTournament,
  joinTournamentBody,
  listTournamentsParams,
  memberGameStats,
  playerTournamentStats,
  submitScoreBody,
  matchResultBody,
  recordedMatchResult,
  submittedScore,
  tournamentDetail,
  tournamentList,
  tournamentTransition,
} from './tournaments.contract';

import {
  activeSubscription,
  planList,
  portalAnswer,
  subscriptionCheckoutAnswer,
  subscriptionCheckoutBody,
  subscriptionCheckoutState,
  subscriptionUpdateBody,
} from './subscriptions.contract';
import { myReferrals, payoutAccountAnswer, rewardModeBody } from './referrals.contract';
import {
  deleteAccountAnswer,
  deleteAccountBody,
  memberTransactions,
  signInSessions,
  signOutOthersAnswer,
  supportMessageAnswer,
  supportMessageBody,
} from './account.contract';
import { advanceClockAnswer, advanceClockBody, localPayoutsAnswer } from './payments-clock.contract';

/**
 * Who may call a route: anyone, a member's bearer access token (optional: read if sent), the admin key,
 * the operators' METRICS_TOKEN, or a member an operator granted the finance role.
 */
export type RouteAccess = 'public' | 'member' | 'optional-member' | 'admin' | 'operator' | 'finance';

/** An answer that is not JSON in our envelope: an image, Prometheus text, a page. */
export interface RawAnswer {
  contentType: string;
  description: string;
}

export interface HttpRoute extends RouteRef {
  summary: string;
  tag:
    | 'auth'
    | 'tournaments'
    | 'plays'
    | 'charities'
    | 'payments'
    | 'donations'
    | 'ledger'
    | 'finance'
    | 'subscriptions'
    | 'referrals'
    | 'account'
    | 'admin'
    | 'operations';
  access: RouteAccess;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The success statuses, 200 unless given; every one answers with `answer`. */
  statuses?: readonly (200 | 201)[];
  answer: z.ZodType | RawAnswer;
  /** The 4xx body when it is more than the house ErrorBody (the spec fixes its shape). */
  refusal?: z.ZodType;
}

const member = 'member' as const;
const publicRoute = 'public' as const;

/**
 * Every HTTP call the API answers, documented: a new route is added to the table in http.routes.ts
 * and here. The OpenAPI document at `/api/openapi.json` is generated from this list, the web's API
 * client takes its types from it, and a test fails when the API's routes, the table and this list
 * disagree.
 */
const documentedRoutes = [
  // Sign-up, login, tokens
  {
    ...routes.auth.signUp,
    summary: 'Start a sign-up: codes go to the email and the phone',
    tag: 'auth',
    access: publicRoute,
    body: signUpBody,
    answer: answerOf(sessionStarted),
  },
  {
    ...routes.auth.verifySignUpEmail,
    summary: "Verify a sign-up's email code",
    tag: 'auth',
    access: publicRoute,
    body: verifyEmailBody,
    answer: answerOf(signUpVerification),
  },
  {
    ...routes.auth.verifySignUpPhone,
    summary: "Verify a sign-up's phone code",
    tag: 'auth',
    access: publicRoute,
    body: verifyPhoneBody,
    answer: answerOf(signUpVerification),
  },
  {
    ...routes.auth.login,
    summary: 'Start a login: a code goes to the email or phone',
    tag: 'auth',
    access: publicRoute,
    body: loginBody,
    answer: answerOf(sessionStarted),
  },
  {
    ...routes.auth.verifyLogin,
    summary: 'Verify a login code and receive tokens',
    tag: 'auth',
    access: publicRoute,
    body: verifyLoginBody,
    answer: answerOf(loginVerification),
  },
  {
    ...routes.auth.resendCode,
    summary: 'Send a sign-up or login code again',
    tag: 'auth',
    access: publicRoute,
    body: resendCodeBody,
    answer: messageAnswer,
  },
  {
    ...routes.auth.refresh,
    summary: 'Exchange a refresh token for a new pair',
    tag: 'auth',
    access: publicRoute,
    body: refreshTokenBody,
    answer: answerOf(refreshedTokens),
  },
  {
    ...routes.auth.logout,
    summary: 'End the sign-in the refresh token belongs to',
    tag: 'auth',
    access: publicRoute,
    body: refreshTokenBody,
    answer: messageAnswer,
  },
  {
    ...routes.auth.unlockSignIn,
    summary: 'Use an emailed "it was me" link: sign-in paused by wrong codes works again (once per link)',
    tag: 'auth',
    access: publicRoute,
    body: unlockSignInBody,
    answer: messageAnswer,
  },
  {
    ...routes.auth.profile,
    summary: "The signed-in member's profile",
    tag: 'auth',
    access: member,
    answer: answerOf(memberProfile),
  },
  // A member's own contact details and avatar
  {
    ...routes.auth.changeEmail,
    summary: 'Start an email change: a code goes to the new address',
    tag: 'auth',
    access: member,
    body: changeEmailBody,
    answer: answerOf(sessionStarted),
  },
  {
    ...routes.auth.verifyEmailChange,
    summary: 'Confirm an email change',
    tag: 'auth',
    access: member,
    body: verifyEmailBody,
    answer: answerOf(memberProfile),
  },
  {
    ...routes.auth.changePhone,
    summary: 'Start a phone change: a code goes to the new number',
    tag: 'auth',
    access: member,
    body: changePhoneBody,
    answer: answerOf(sessionStarted),
  },
  {
    ...routes.auth.verifyPhoneChange,
    summary: 'Confirm a phone change',
    tag: 'auth',
    access: member,
    body: verifyPhoneBody,
    answer: answerOf(memberProfile),
  },
  {
    ...routes.auth.resendContactCode,
    summary: "Send a contact change's code again",
    tag: 'auth',
    access: member,
    body: contactResendBody,
    answer: messageAnswer,
  },
  {
    ...routes.auth.replaceAvatar,
    summary: "Replace the member's avatar (PNG, JPEG or WebP data URL, at most 128 KB)",
    tag: 'auth',
    access: member,
    body: avatarBody,
    answer: answerOf(memberProfile),
  },
  {
    ...routes.auth.avatar,
    summary: "A member's avatar image",
    tag: 'auth',
    access: publicRoute,
    answer: { contentType: 'image/*', description: 'The image, cached for good (its URL changes with it)' },
  },
  // Tournaments
  {
    ...routes.tournaments.list,
    summary: 'Tournaments, live first',
    tag: 'tournaments',
    access: publicRoute,
    query: listTournamentsParams,
    answer: answerOf(tournamentList),
  },
  {
    ...routes.tournaments.detail,
    summary: 'One tournament with its top ten',
    tag: 'tournaments',
    access: 'optional-member',
    answer: answerOf(tournamentDetail),
  },
  {
    ...routes.tournaments.join,
    summary: 'Join a tournament, optionally naming a charity',
    tag: 'tournaments',
    access: member,
    body: joinTournamentBody,
    answer: answerOf(joinedTournament),
  },
  {
    ...routes.plays.start,
    summary:
      "Open a play of the tournament's game: the server fixes the seed, starts the clock and issues a game token for this play (score formats; 409 head-to-head)",
    tag: 'plays',
    access: member,
    statuses: [201],
    answer: answerOf(startedPlay),
  },
  {
    ...routes.plays.startMatch,
    summary: "Open a play for the member's head-to-head match (403 not a player in it, 409 played already)",
    tag: 'plays',
    access: member,
    statuses: [201],
    answer: answerOf(startedPlay),
  },
  {
    ...routes.plays.submitResult,
    summary:
      "Submit a play's input log: the server replays it and records the score it computed, once (413 over 1 MB, 422 a log that does not replay, 409 a second result or an expired play)",
    tag: 'plays',
    access: member,
    body: playResultBody,
    statuses: [201],
    answer: answerOf(verifiedPlayResult),
  },
  {
    ...routes.plays.reveal,
    summary:
      "Flip a card of a Memory Pairs play: the server, which keeps the layout, answers its face and records the flip (the result's log must be these flips); the same flip again answers the same (409 another card for a flip already revealed, a flip out of order or a closed play; 422 a flip the rules refuse)",
    tag: 'plays',
    access: member,
    body: revealBody,
    answer: answerOf(revealedCard),
  },
  {
    ...routes.plays.release,
    summary:
      "Release the next step of a Tile Merge or Snake play: the server records the input (step 0: `open`; Tile Merge: a move; Snake: the tick the last food was eaten and the turns before it) and answers the keystream block the next tile or food is drawn from (the result's log must be these inputs); the same step and input again answers the same (409 another input for a step already released, a step out of order, a closed play or a game that releases nothing)",
    tag: 'plays',
    access: member,
    body: releaseBody,
    answer: answerOf(releasedBlock),
  },
  {
    ...routes.plays.run,
    summary:
      "A finished, verified play's replay material: the game, what its core replays from (Memory Pairs: the seed; Tile Merge and Snake: each step's seed), the packed input log, the verified score and the player's display name (404 for a running, expired or unknown play)",
    tag: 'plays',
    access: publicRoute,
    answer: answerOf(playRun),
  },
  {
    ...routes.plays.bestRun,
    summary:
      "The replay material of the tournament's best verified run: the leader's (the champion's once completed) best play (404 when it has none)",
    tag: 'plays',
    access: publicRoute,
    answer: answerOf(playRun),
  },
  {
    ...routes.plays.myBestRun,
    summary:
      "The signed-in member's own best verified run in the tournament, to watch: only their own, never another member's, and never a play still running (404 when they have none)",
    tag: 'plays',
    access: member,
    answer: answerOf(playRun),
  },
  {
    ...routes.tournaments.submitScore,
    summary:
      "Submit a score of an external game an operator created (409 for the catalog games, whose results come from plays): with the game server's signedResult when the game registered a key (403 without it or forged, 409 replayed or stale), a bare number otherwise (the tournament then says UNVERIFIED)",
    tag: 'tournaments',
    access: member,
    body: submitScoreBody,
    statuses: [201],
    answer: answerOf(submittedScore),
  },
  {
    ...routes.tournaments.selectCharity,
    summary: "Change the member's own charity for a tournament they joined (null clears it)",
    tag: 'tournaments',
    access: member,
    body: selectCharityBody,
    answer: answerOf(selectedCharity),
  },
  {
    ...routes.tournaments.nonprofits,
    summary: 'Search the bundled nonprofit directory by name, EIN or city',
    tag: 'charities',
    access: publicRoute,
    query: nonprofitSearchParams,
    answer: answerOf(nonprofitList),
  },
  {
    ...routes.tournaments.playerStats,
    summary: "A player's statistics in a tournament: plays, best, average, trend and score history",
    tag: 'tournaments',
    access: publicRoute,
    answer: answerOf(playerTournamentStats),
  },
  {
    ...routes.tournaments.myGameStats,
    summary: "The signed-in member's game statistics and tournament history, newest first",
    tag: 'tournaments',
    access: member,
    answer: answerOf(memberGameStats),
  },
  {
    ...routes.tournaments.recordMatchResult,
    summary:
      "Record a result in one of the member's head-to-head matches of an external game (409 for the catalog games, whose results come from plays; signed like a score when the game registered a key; 403 not a player in it, 409 after its deadline or played already)",
    tag: 'tournaments',
    access: member,
    body: matchResultBody,
    statuses: [201],
    answer: answerOf(recordedMatchResult),
  },
  {
    ...routes.admin.createTournament,
    summary:
      "Create a tournament (201); a repeat with the same id and body answers 200 with the stored one, another body 409. The game is a catalog slug (its settings from the catalog, results from verified plays) or an operator's game with external: true (400 'Unknown game' otherwise), whose optional resultPublicKey (Ed25519) makes its results signed",
    tag: 'admin',
    access: 'admin',
    body: createTournamentBody,
    statuses: [201, 200],
    answer: answerOf(createdTournament),
  },
  {
    ...routes.admin.cancelTournament,
    summary: 'Cancel a tournament',
    tag: 'admin',
    access: 'admin',
    body: cancelTournamentBody,
    answer: answerOf(tournamentTransition),
  },
  {
    ...routes.admin.editTournament,
    summary: 'Edit a scheduled tournament before it starts (409 once started, or for an instant one)',
    tag: 'admin',
    access: 'admin',
    body: editTournamentBody,
    answer: answerOf(editedTournament),
  },
  // Operations
  {
    ...routes.operations.clientConfig,
    summary: 'Run-time settings of the web app: the origin games are framed from (GAME_ORIGIN)',
    tag: 'operations',
    access: publicRoute,
    answer: answerOf(clientConfig),
  },
  {
    ...routes.operations.health,
    summary: 'Health of the database, Redis, the event store and the read models (503 when degraded)',
    tag: 'operations',
    access: publicRoute,
    answer: healthReport,
  },
  {
    ...routes.operations.healthDetails,
    summary: "Each check's latency and error, each projector's position and lag (503 when degraded)",
    tag: 'operations',
    access: 'operator',
    answer: healthDetails,
  },
  {
    ...routes.operations.metrics,
    summary: 'Prometheus metrics',
    tag: 'operations',
    access: 'operator',
    answer: { contentType: 'text/plain', description: 'Prometheus text format' },
  },
  {
    ...routes.operations.devTools,
    summary: 'Whether the developer pages exist here (development and tests; 404 otherwise)',
    tag: 'operations',
    access: publicRoute,
    answer: devToolsAvailable,
  },
  {
    ...routes.operations.devMailbox,
    summary: 'Messages the local outbox kept (development and tests; 404 otherwise)',
    tag: 'operations',
    access: publicRoute,
    answer: answerOf(devMailbox),
  },
  // Charities (issue 11): search, onboarded charities, profiles, favorites, invitations, onboarding
  {
    ...routes.charities.search,
    summary:
      "Charity search: Charity Navigator's publicSearchFaceted query or the charity-by-EIN query, answered from Charity Navigator when configured or from the bundled IRS data set (400 any other document; 429 per IP)",
    tag: 'charities',
    access: publicRoute,
    body: charityGraphqlBody,
    answer: charityGraphqlAnswer,
  },
  {
    ...routes.charities.list,
    summary: 'Onboarded charities (published: email confirmed), verified first',
    tag: 'charities',
    access: publicRoute,
    query: listCharitiesParams,
    answer: answerOf(charityList),
  },
  {
    ...routes.charities.rankings,
    summary: 'Charities ranked by the donations directed to them',
    tag: 'charities',
    access: publicRoute,
    answer: answerOf(charityRankings),
  },
  {
    ...routes.charities.favorites,
    summary: "The member's favorite charities",
    tag: 'charities',
    access: member,
    answer: answerOf(favoriteCharityList),
  },
  {
    ...routes.charities.addFavorite,
    summary: 'Add a favorite charity (a second add of the same EIN keeps one)',
    tag: 'charities',
    access: member,
    body: addFavoriteBody,
    answer: answerOf(favoriteCharityList),
  },
  {
    ...routes.charities.removeFavorite,
    summary: 'Remove a favorite charity by EIN (removing one that is not there changes nothing)',
    tag: 'charities',
    access: member,
    body: removeFavoriteBody,
    answer: answerOf(favoriteCharityList),
  },
  {
    ...routes.charities.invite,
    summary:
      'Email a charity of the directory (by EIN) an invitation into onboarding (400 an EIN the directory does not hold, a link or address in the name; 429 past the per-account, per-IP or daily limits)',
    tag: 'charities',
    access: member,
    body: inviteCharityBody,
    answer: messageAnswer,
  },
  {
    ...routes.charities.stripeLink,
    summary:
      'Start or resume onboarding: a connected payout account and a link to its hosted onboarding (409 an EIN another account is onboarding)',
    tag: 'charities',
    access: member,
    body: stripeLinkBody,
    answer: stripeLinkAnswer,
  },
  {
    ...routes.charities.managed,
    summary: 'The charities the member onboards or has onboarded (their manager)',
    tag: 'charities',
    access: member,
    answer: answerOf(managedCharities),
  },
  {
    ...routes.charities.onboardingStatus,
    summary: 'Where an onboarding stands, for the member who started it',
    tag: 'charities',
    access: member,
    answer: answerOf(onboardingStatus),
  },
  {
    ...routes.charities.onboardingReturn,
    summary:
      "Where the payment provider's hosted onboarding returns: asks the provider about the charity's account, records its answer as account.updated would, then redirects to the web's step 4",
    tag: 'charities',
    access: publicRoute,
    answer: {
      contentType: 'text/html',
      description: 'A redirect (303) to /charity-onboarding?step=4&fromStripe=true',
    },
  },
  {
    ...routes.charities.sendOnboardingCode,
    summary: "Send a 6-digit code to the charity's email (one a minute)",
    tag: 'charities',
    access: member,
    answer: answerOf(onboardingCodeSent),
  },
  {
    ...routes.charities.verifyOnboardingCode,
    summary: "Confirm the charity's email with the code",
    tag: 'charities',
    access: member,
    body: verifyOnboardingCodeBody,
    answer: answerOf(onboardingStatus),
  },
  {
    ...routes.charities.replaceLogo,
    summary:
      "Replace the charity's logo, for its manager only (PNG, JPEG or WebP data URL, at most 256 KB; kept redrawn from its pixels; 403 another member's charity, 404 unknown)",
    tag: 'charities',
    access: member,
    body: charityLogoBody,
    answer: answerOf(onboardingStatus),
  },
  {
    ...routes.charities.removeLogo,
    summary:
      "Remove the charity's logo, for its manager only: its monogram shows again (repeating it changes nothing; 403 another member's charity, 404 unknown)",
    tag: 'charities',
    access: member,
    answer: answerOf(onboardingStatus),
  },
  {
    ...routes.charities.logo,
    summary:
      "A charity's logo image (PNG, JPEG or WebP, never SVG; `v` names the image: with the current one it is cached for good)",
    tag: 'charities',
    access: publicRoute,
    answer: { contentType: 'image/*', description: 'The image; 404 when the charity has no logo' },
  },
  {
    ...routes.charities.profile,
    summary:
      'A charity by EIN: onboarded, or a nonprofit of the data set that has not onboarded yet (400 malformed, 404 unknown)',
    tag: 'charities',
    access: 'optional-member',
    answer: answerOf(charityProfile),
  },
  {
    ...routes.charities.ledger,
    summary: "The charity's public ledger, newest first, searchable by donor, source and impact",
    tag: 'charities',
    access: publicRoute,
    query: charityLedgerParams,
    answer: answerOf(charityLedger),
  },
  {
    ...routes.charities.supporters,
    summary: "The charity's supporters",
    tag: 'charities',
    access: publicRoute,
    answer: answerOf(charitySupporters),
  },
  {
    ...routes.charities.donors,
    summary: "The charity's recent and top donors",
    tag: 'charities',
    access: publicRoute,
    answer: answerOf(charityDonors),
  },
  {
    ...routes.charities.stories,
    summary: 'Impact stories the charity published, newest first',
    tag: 'charities',
    access: publicRoute,
    answer: answerOf(impactStoryList),
  },
  {
    ...routes.charities.publishStory,
    summary: 'Publish an impact story (only the member who onboarded the charity)',
    tag: 'charities',
    access: member,
    body: publishStoryBody,
    statuses: [201],
    answer: answerOf(impactStory),
  },
  {
    ...routes.charities.byId,
    summary: 'An onboarded charity by id',
    tag: 'charities',
    access: publicRoute,
    answer: charityAnswer,
  },
  {
    ...routes.charities.adminReviews,
    summary:
      'Charity onboardings waiting for an operator (the email is not on the website’s domain, or the EIN is not in the directory), oldest first',
    tag: 'admin',
    access: 'admin',
    answer: answerOf(charityReviewList),
  },
  {
    ...routes.charities.adminReview,
    summary:
      'An operator approves or rejects a charity held for review, or releases a contested EIN (404 no onboarding for the EIN, 409 a decision its state does not allow); a repeat changes nothing',
    tag: 'admin',
    access: 'admin',
    body: charityReviewBody,
    answer: answerOf(charityReviewItem),
  },
  // Payments (issue 11): the provider's webhooks, and the local driver's stand-ins for its hosted pages
  {
    ...routes.payments.stripeWebhook,
    summary:
      "The payment provider's platform webhooks, verified on the raw body with the Stripe-Signature header and STRIPE_WEBHOOK_SECRET (400 unsigned, forged, stale, a connected account's event or another API version; each event applied once)",
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'application/json', description: '{ received: true }' },
  },
  {
    ...routes.payments.stripeConnectWebhook,
    summary:
      "The payment provider's Connect webhooks (connected accounts' account.updated, payout.*), verified on the raw body with STRIPE_CONNECT_WEBHOOK_SECRET (400 unsigned, forged, stale, an event without account or another API version; each event applied once)",
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'application/json', description: '{ received: true }' },
  },
  {
    ...routes.payments.localConnectPage,
    summary: "The local payment driver's hosted onboarding form (test mode only; 404 with a real provider)",
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'The onboarding form' },
  },
  {
    ...routes.payments.localConnectSubmit,
    summary: "The local payment driver's onboarding form submitted: redirects to the return or refresh URL",
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'A redirect (303)' },
  },
  {
    ...routes.payments.localCheckoutPage,
    summary: "The local payment driver's hosted checkout page (test mode only; 404 with a real provider)",
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'The checkout page' },
  },
  {
    ...routes.payments.localCheckoutSubmit,
    summary: 'The local checkout paid or cancelled: redirects to the success or cancel URL',
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'A redirect (303)' },
  },
  // Donations (issue 12): gifts, the home ledger, receipts, a member's balances and payout requests
  {
    ...routes.donations.checkout,
    summary:
      'Start a gift: a checkout session for amount_cents (whole dollars from 100), answered with the URL to pay at',
    tag: 'donations',
    access: 'optional-member',
    body: donationCheckoutBody,
    answer: donationCheckoutAnswer,
    refusal: okErrorBody,
  },
  {
    ...routes.donations.list,
    summary: 'The public donation ledger, newest first (no donor identities)',
    tag: 'donations',
    access: publicRoute,
    query: donationListParams,
    answer: answerOf(donationList),
  },
  {
    ...routes.donations.summary,
    summary: "The home ledger's summary cards: total verified, nonprofits impacted, pending balance",
    tag: 'donations',
    access: publicRoute,
    answer: answerOf(donationSummary),
  },
  {
    ...routes.donations.winners,
    summary: 'Top Challenge Winners: members by what their wins directed, most first',
    tag: 'donations',
    access: publicRoute,
    query: topWinnersParams,
    answer: answerOf(topWinners),
  },
  {
    ...routes.donations.receipt,
    summary: "A donation's receipt and history (404 unknown)",
    tag: 'donations',
    access: publicRoute,
    answer: answerOf(donationReceipt),
  },
  {
    ...routes.donations.byCheckout,
    summary: 'The gift a checkout session paid for, once its webhook has recorded it (404 until then)',
    tag: 'donations',
    access: publicRoute,
    answer: answerOf(publicDonation),
  },
  {
    ...routes.donations.mine,
    summary: "The member's balances, prize shares to direct, and donation history",
    tag: 'donations',
    access: member,
    answer: answerOf(memberDonations),
  },
  {
    ...routes.donations.monthlyGifts,
    summary: "The member's monthly gifts (issue 23), newest first, running or cancelled",
    tag: 'donations',
    access: member,
    answer: answerOf(monthlyGiftList),
  },
  {
    ...routes.donations.cancelMonthlyGift,
    summary:
      "Cancel one of the member's monthly gifts now at the payment provider (404 for any subscription not theirs; again: the same answer)",
    tag: 'donations',
    access: member,
    answer: answerOf(monthlyGift),
  },
  {
    ...routes.donations.requestPayout,
    summary:
      "Direct part of the member's prize balance to a verified charity (the payout modal; the same requestId directs once)",
    tag: 'donations',
    access: member,
    body: payoutRequestBody,
    statuses: [200, 201],
    answer: answerOf(payoutRequestAnswer),
  },
  {
    ...routes.donations.featuredStories,
    summary: "The home carousel: onboarded charities' impact stories, most liked first",
    tag: 'donations',
    access: 'optional-member',
    answer: answerOf(featuredStories),
  },
  {
    ...routes.donations.likeStory,
    summary: 'Like a story (once per member)',
    tag: 'donations',
    access: member,
    answer: answerOf(storyLike),
  },
  {
    ...routes.donations.unlikeStory,
    summary: 'Take a like back',
    tag: 'donations',
    access: member,
    answer: answerOf(storyLike),
  },
  // The verifiable ledger (issue 12, docs/ledger.md)
  {
    ...routes.ledger.entries,
    summary: 'Ledger entries in order from index `from`, each chained to the previous by its hash',
    tag: 'ledger',
    access: publicRoute,
    query: ledgerEntriesParams,
    answer: answerOf(ledgerEntries),
  },
  {
    ...routes.ledger.inclusionProof,
    summary: "An entry's inclusion proof against the latest checkpoint (404 unknown or not yet checkpointed)",
    tag: 'ledger',
    access: publicRoute,
    answer: answerOf(ledgerInclusionProof),
  },
  {
    ...routes.ledger.consistencyProof,
    summary: 'A consistency proof between the checkpoints of tree sizes `from` and `to`',
    tag: 'ledger',
    access: publicRoute,
    query: ledgerConsistencyParams,
    answer: answerOf(ledgerConsistencyProof),
  },
  {
    ...routes.ledger.checkpoints,
    summary: 'Signed checkpoints, newest first; `before` pages on to smaller trees',
    tag: 'ledger',
    access: publicRoute,
    query: ledgerCheckpointsParams,
    answer: answerOf(ledgerCheckpoints),
  },
  {
    ...routes.ledger.signCheckpoint,
    summary: 'Sign a checkpoint of the ledger now (none when nothing changed since the last)',
    tag: 'ledger',
    access: 'operator',
    statuses: [200, 201],
    answer: answerOf(ledgerCheckpoint),
  },
  {
    ...routes.ledger.publicKey,
    summary: 'The Ed25519 key that signs checkpoints',
    tag: 'ledger',
    access: publicRoute,
    answer: answerOf(ledgerPublicKey),
  },
  {
    ...routes.ledger.keys,
    summary:
      'Every key that signed checkpoints, with the tree sizes it signed (checkpoints stay verifiable across a key rotation)',
    tag: 'ledger',
    access: publicRoute,
    answer: answerOf(ledgerKeys),
  },
  {
    ...routes.ledger.exportCsv,
    summary:
      'The ledger as CSV for auditors, dates from and to (inclusive): donors anonymised, in full for the finance role',
    tag: 'ledger',
    access: 'optional-member',
    query: ledgerExportParams,
    answer: { contentType: 'text/csv', description: 'One row per ledger entry' },
  },
  // Finance (issue 12): members an operator granted the finance role
  {
    ...routes.finance.reconciliation,
    summary:
      "The ledger reconciled with the payment provider's balance transactions: every unexplained difference",
    tag: 'finance',
    access: 'finance',
    query: reconciliationParams,
    answer: answerOf(reconciliationReport),
  },
  {
    ...routes.finance.runTransferWindow,
    summary: 'Run a transfer window now: one transfer per verified charity of its held donations',
    tag: 'finance',
    access: 'finance',
    answer: answerOf(transferWindowRun),
  },
  // Subscriptions (issue 13): plans, checkout in subscription mode, upgrade, cancel, the billing portal
  {
    ...routes.subscriptions.plans,
    summary: 'The plans: Free, Premium $4.99 and Premium+ $9.99 a month',
    tag: 'subscriptions',
    access: publicRoute,
    answer: answerOf(planList),
  },
  {
    ...routes.subscriptions.checkout,
    summary: 'Start a paid plan: a checkout session in subscription mode, answered with the URL to pay at',
    tag: 'subscriptions',
    access: member,
    body: subscriptionCheckoutBody,
    answer: answerOf(subscriptionCheckoutAnswer),
  },
  {
    ...routes.subscriptions.active,
    summary: "The member's plan now, its subscription, days remaining and whether an upgrade exists",
    tag: 'subscriptions',
    access: member,
    answer: answerOf(activeSubscription),
  },
  {
    ...routes.subscriptions.checkoutState,
    summary:
      "One of the member's own checkouts: paid (its plan started) or pending; 404 for any other session",
    tag: 'subscriptions',
    access: member,
    answer: answerOf(subscriptionCheckoutState),
  },
  {
    ...routes.subscriptions.cancel,
    summary: 'Cancel at the end of the billing period (the plan falls back to Free then)',
    tag: 'subscriptions',
    access: member,
    answer: answerOf(activeSubscription),
  },
  {
    ...routes.subscriptions.update,
    summary: "Upgrade to the next plan with proration ('No upgrade available' past Premium+)",
    tag: 'subscriptions',
    access: member,
    body: subscriptionUpdateBody,
    answer: answerOf(activeSubscription),
  },
  {
    ...routes.subscriptions.portal,
    summary: "A session of the provider's billing portal (payment method, invoices, cancel)",
    tag: 'subscriptions',
    access: member,
    answer: answerOf(portalAnswer).extend({ url: z.string() }).meta({ id: 'PortalSessionAnswer' }),
  },
  {
    ...routes.payments.localPortalPage,
    summary: "The local payment driver's billing portal (test mode only; 404 with a real provider)",
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'The billing portal page' },
  },
  {
    ...routes.payments.localPortalSubmit,
    summary: 'An action of the local billing portal (cancel, renew, card): redirects back to the portal',
    tag: 'payments',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'A redirect (303)' },
  },
  {
    ...routes.operations.advancePaymentsClock,
    summary:
      "Advance the local payment driver's test clock: renewals, refund windows and monthly payouts fall due (development and tests; 404 otherwise)",
    tag: 'operations',
    access: publicRoute,
    body: advanceClockBody,
    answer: answerOf(advanceClockAnswer),
  },
  {
    ...routes.operations.runLocalPayouts,
    summary:
      "Pay every connected account's balance out now with the local payment driver: payout.paid or payout.failed to the Connect endpoint (development and tests; 404 otherwise)",
    tag: 'operations',
    access: publicRoute,
    answer: answerOf(localPayoutsAnswer),
  },
  // Referrals (issue 13): a member's link, reward mode, rewards, payouts and payout account
  {
    ...routes.referrals.mine,
    summary: "The member's referral code and link, reward mode, balances, rewards and payouts",
    tag: 'referrals',
    access: member,
    answer: answerOf(myReferrals),
  },
  {
    ...routes.referrals.rewardMode,
    summary: 'Choose recurring (10% of each payment) or one-time (the first month) for referrals from now on',
    tag: 'referrals',
    access: member,
    body: rewardModeBody,
    answer: answerOf(myReferrals),
  },
  {
    ...routes.referrals.payoutAccount,
    summary:
      "Open (or go on with) the member's payout account for referral rewards: the URL of its hosted onboarding",
    tag: 'referrals',
    access: member,
    answer: answerOf(payoutAccountAnswer),
  },
  // The rest of the profile (issue 13): transactions, sign-ins, account deletion, support
  {
    ...routes.account.transactions,
    summary:
      'Every money movement of the member: payments, refunds, donations, prizes, referral rewards and payouts',
    tag: 'account',
    access: member,
    answer: answerOf(memberTransactions),
  },
  {
    ...routes.account.sessions,
    summary: "The member's active sign-ins, the current one marked",
    tag: 'account',
    access: member,
    answer: answerOf(signInSessions),
  },
  {
    ...routes.account.signOutOthers,
    summary: 'End every sign-in of the member but this one',
    tag: 'account',
    access: member,
    answer: answerOf(signOutOthersAnswer),
  },
  {
    ...routes.account.delete,
    summary:
      'Close the account: signed out everywhere now, personal data erased after 30 days, ledger entries kept anonymised',
    tag: 'account',
    access: member,
    body: deleteAccountBody,
    answer: answerOf(deleteAccountAnswer),
  },
  {
    ...routes.account.supportMessage,
    summary: 'A message to support: emailed to the support inbox, confirmed to the member by email',
    tag: 'account',
    access: member,
    body: supportMessageBody,
    statuses: [201],
    answer: answerOf(supportMessageAnswer),
  },
  {
    ...routes.operations.openApiDocument,
    summary: 'This document',
    tag: 'operations',
    access: publicRoute,
    answer: { contentType: 'application/json', description: 'OpenAPI 3.1' },
  },
  {
    ...routes.operations.docsPage,
    summary: 'This document as a page',
    tag: 'operations',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'The API reference' },
  },
] satisfies readonly HttpRoute[];

export const HTTP_ROUTES: readonly HttpRoute[] = documentedRoutes;

/** The documentation of one route of the table, with its schemas' own types. */
type DocumentedRoute<R extends RouteRef> = Extract<
  (typeof documentedRoutes)[number],
  { method: R['method']; path: R['path'] }
>;

/** What a route answers: its envelope's type, or `Response`'s text for a raw answer. */
export type RouteAnswer<R extends RouteRef> =
  DocumentedRoute<R>['answer'] extends z.ZodType<infer Answer> ? Answer : string;

/** The JSON body a route takes, or undefined for none. */
export type RouteBody<R extends RouteRef> =
  DocumentedRoute<R> extends { body: infer Body extends z.ZodType } ? z.input<Body> : undefined;

/** The query string a route reads, by name; undefined values are left out. */
export type RouteQuery<R extends RouteRef> =
  DocumentedRoute<R> extends { query: infer Query extends z.ZodObject }
    ? { [Name in keyof z.input<Query>]?: string | number | boolean | undefined }
    : undefined;
