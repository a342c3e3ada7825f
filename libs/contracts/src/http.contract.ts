import type { z } from 'zod';
import { answerOf, messageAnswer } from './envelope';
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
  verifyEmailBody,
  verifyLoginBody,
  verifyPhoneBody,
} from './identity.contract';
import { clientConfig } from './client-config.contract';
import { playResultBody, startedPlay, verifiedPlayResult } from './plays.contract';
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

/**
 * Who may call a route: anyone, a member's bearer access token (optional: read if sent), the admin key,
 * or the operators' METRICS_TOKEN.
 */
export type RouteAccess = 'public' | 'member' | 'optional-member' | 'admin' | 'operator';

/** An answer that is not JSON in our envelope: an image, Prometheus text, a page. */
export interface RawAnswer {
  contentType: string;
  description: string;
}

export interface HttpRoute {
  method: 'get' | 'post' | 'put' | 'patch';
  /** Under `/api`, path parameters in braces: `/api/tournaments/{id}/join`. */
  path: string;
  summary: string;
  tag: 'auth' | 'tournaments' | 'plays' | 'charities' | 'admin' | 'operations';
  access: RouteAccess;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The success statuses, 200 unless given; every one answers with `answer`. */
  statuses?: readonly (200 | 201)[];
  answer: z.ZodType | RawAnswer;
}

const member = 'member' as const;
const publicRoute = 'public' as const;

/**
 * Every HTTP call the API answers. A new route is added here first: the OpenAPI document at
 * `/api/openapi.json` is generated from this list, and a test fails when the API registers a route
 * that is missing from it.
 */
export const HTTP_ROUTES: readonly HttpRoute[] = [
  // Sign-up, login, tokens
  {
    method: 'post',
    path: '/api/auth/signup',
    summary: 'Start a sign-up: codes go to the email and the phone',
    tag: 'auth',
    access: publicRoute,
    body: signUpBody,
    answer: answerOf(sessionStarted),
  },
  {
    method: 'post',
    path: '/api/auth/verify/email',
    summary: "Verify a sign-up's email code",
    tag: 'auth',
    access: publicRoute,
    body: verifyEmailBody,
    answer: answerOf(signUpVerification),
  },
  {
    method: 'post',
    path: '/api/auth/verify/phone',
    summary: "Verify a sign-up's phone code",
    tag: 'auth',
    access: publicRoute,
    body: verifyPhoneBody,
    answer: answerOf(signUpVerification),
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Start a login: a code goes to the email or phone',
    tag: 'auth',
    access: publicRoute,
    body: loginBody,
    answer: answerOf(sessionStarted),
  },
  {
    method: 'post',
    path: '/api/auth/login/verify',
    summary: 'Verify a login code and receive tokens',
    tag: 'auth',
    access: publicRoute,
    body: verifyLoginBody,
    answer: answerOf(loginVerification),
  },
  {
    method: 'post',
    path: '/api/auth/resend',
    summary: 'Send a sign-up or login code again',
    tag: 'auth',
    access: publicRoute,
    body: resendCodeBody,
    answer: messageAnswer,
  },
  {
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Exchange a refresh token for a new pair',
    tag: 'auth',
    access: publicRoute,
    body: refreshTokenBody,
    answer: answerOf(refreshedTokens),
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the sign-in the refresh token belongs to',
    tag: 'auth',
    access: publicRoute,
    body: refreshTokenBody,
    answer: messageAnswer,
  },
  {
    method: 'get',
    path: '/api/auth/profile',
    summary: "The signed-in member's profile",
    tag: 'auth',
    access: member,
    answer: answerOf(memberProfile),
  },
  // A member's own contact details and avatar
  {
    method: 'post',
    path: '/api/auth/contact/email',
    summary: 'Start an email change: a code goes to the new address',
    tag: 'auth',
    access: member,
    body: changeEmailBody,
    answer: answerOf(sessionStarted),
  },
  {
    method: 'post',
    path: '/api/auth/contact/email/verify',
    summary: 'Confirm an email change',
    tag: 'auth',
    access: member,
    body: verifyEmailBody,
    answer: answerOf(memberProfile),
  },
  {
    method: 'post',
    path: '/api/auth/contact/phone',
    summary: 'Start a phone change: a code goes to the new number',
    tag: 'auth',
    access: member,
    body: changePhoneBody,
    answer: answerOf(sessionStarted),
  },
  {
    method: 'post',
    path: '/api/auth/contact/phone/verify',
    summary: 'Confirm a phone change',
    tag: 'auth',
    access: member,
    body: verifyPhoneBody,
    answer: answerOf(memberProfile),
  },
  {
    method: 'post',
    path: '/api/auth/contact/resend',
    summary: "Send a contact change's code again",
    tag: 'auth',
    access: member,
    body: contactResendBody,
    answer: messageAnswer,
  },
  {
    method: 'put',
    path: '/api/auth/avatar',
    summary: "Replace the member's avatar (PNG, JPEG or WebP data URL, at most 128 KB)",
    tag: 'auth',
    access: member,
    body: avatarBody,
    answer: answerOf(memberProfile),
  },
  {
    method: 'get',
    path: '/api/auth/avatars/{accountId}',
    summary: "A member's avatar image",
    tag: 'auth',
    access: publicRoute,
    answer: { contentType: 'image/*', description: 'The image, cached for good (its URL changes with it)' },
  },
  // Tournaments
  {
    method: 'get',
    path: '/api/tournaments',
    summary: 'Tournaments, live first',
    tag: 'tournaments',
    access: publicRoute,
    query: listTournamentsParams,
    answer: answerOf(tournamentList),
  },
  {
    method: 'get',
    path: '/api/tournaments/{id}',
    summary: 'One tournament with its top ten',
    tag: 'tournaments',
    access: 'optional-member',
    answer: answerOf(tournamentDetail),
  },
  {
    method: 'post',
    path: '/api/tournaments/{id}/join',
    summary: 'Join a tournament, optionally naming a charity',
    tag: 'tournaments',
    access: member,
    body: joinTournamentBody,
    answer: answerOf(joinedTournament),
  },
  {
    method: 'post',
    path: '/api/tournaments/{id}/plays',
    summary:
      'Open a play of the tournament\'s game: the server fixes the seed, starts the clock and issues a game token for this play (score formats; 409 head-to-head)',
    tag: 'plays',
    access: member,
    statuses: [201],
    answer: answerOf(startedPlay),
  },
  {
    method: 'post',
    path: '/api/tournaments/{id}/matches/{matchId}/plays',
    summary: "Open a play for the member's head-to-head match (403 not a player in it, 409 played already)",
    tag: 'plays',
    access: member,
    statuses: [201],
    answer: answerOf(startedPlay),
  },
  {
    method: 'post',
    path: '/api/plays/{playId}/result',
    summary:
      "Submit a play's input log: the server replays it and records the score it computed, once (413 over 1 MB, 422 a log that does not replay, 409 a second result or an expired play)",
    tag: 'plays',
    access: member,
    body: playResultBody,
    statuses: [201],
    answer: answerOf(verifiedPlayResult),
  },
  {
    method: 'post',
    path: '/api/tournaments/{id}/scores',
    summary:
      'Submit a bare score: only for an external game an operator created (409 for the catalog games, whose results come from plays)',
    tag: 'tournaments',
    access: member,
    body: submitScoreBody,
    statuses: [201],
    answer: answerOf(submittedScore),
  },
  {
    method: 'put',
    path: '/api/tournaments/{id}/charity',
    summary: "Change the member's own charity for a tournament they joined (null clears it)",
    tag: 'tournaments',
    access: member,
    body: selectCharityBody,
    answer: answerOf(selectedCharity),
  },
  {
    method: 'get',
    path: '/api/nonprofits',
    summary: 'Search the bundled nonprofit directory by name, EIN or city',
    tag: 'charities',
    access: publicRoute,
    query: nonprofitSearchParams,
    answer: answerOf(nonprofitList),
  },
  {
    method: 'get',
    path: '/api/tournaments/{id}/players/{playerId}/stats',
    summary: "A player's statistics in a tournament: plays, best, average, trend and score history",
    tag: 'tournaments',
    access: publicRoute,
    answer: answerOf(playerTournamentStats),
  },
  {
    method: 'get',
    path: '/api/users/game-stats',
    summary: "The signed-in member's game statistics and tournament history, newest first",
    tag: 'tournaments',
    access: member,
    answer: answerOf(memberGameStats),
  },
  {
    method: 'post',
    path: '/api/tournaments/{id}/matches/{matchId}/result',
    summary:
      "Record a bare result in one of the member's head-to-head matches: only for an external game (409 for the catalog games, whose results come from plays; 403 not a player in it, 409 after its deadline or played already)",
    tag: 'tournaments',
    access: member,
    body: matchResultBody,
    statuses: [201],
    answer: answerOf(recordedMatchResult),
  },
  {
    method: 'post',
    path: '/api/admin/tournaments',
    summary:
      "Create a tournament (201); a repeat with the same id and body answers 200 with the stored one, another body 409. The game is a catalog slug (its settings from the catalog, results from verified plays) or an operator's game with external: true (400 'Unknown game' otherwise)",
    tag: 'admin',
    access: 'admin',
    body: createTournamentBody,
    statuses: [201, 200],
    answer: answerOf(createdTournament),
  },
  {
    method: 'post',
    path: '/api/admin/tournaments/{id}/cancel',
    summary: 'Cancel a tournament',
    tag: 'admin',
    access: 'admin',
    body: cancelTournamentBody,
    answer: answerOf(tournamentTransition),
  },
  {
    method: 'patch',
    path: '/api/admin/tournaments/{id}',
    summary: 'Edit a scheduled tournament before it starts (409 once started, or for an instant one)',
    tag: 'admin',
    access: 'admin',
    body: editTournamentBody,
    answer: answerOf(editedTournament),
  },
  // Operations
  {
    method: 'get',
    path: '/api/config',
    summary: 'Run-time settings of the web app: the origin games are framed from (GAME_ORIGIN)',
    tag: 'operations',
    access: publicRoute,
    answer: answerOf(clientConfig),
  },
  {
    method: 'get',
    path: '/api/health',
    summary: 'Health of the database, Redis, the event store and the read models (503 when degraded)',
    tag: 'operations',
    access: publicRoute,
    answer: healthReport,
  },
  {
    method: 'get',
    path: '/api/health/details',
    summary: "Each check's latency and error, each projector's position and lag (503 when degraded)",
    tag: 'operations',
    access: 'operator',
    answer: healthDetails,
  },
  {
    method: 'get',
    path: '/api/metrics',
    summary: 'Prometheus metrics',
    tag: 'operations',
    access: 'operator',
    answer: { contentType: 'text/plain', description: 'Prometheus text format' },
  },
  {
    method: 'get',
    path: '/api/dev/tools',
    summary: 'Whether the developer pages exist here (development and tests; 404 otherwise)',
    tag: 'operations',
    access: publicRoute,
    answer: devToolsAvailable,
  },
  {
    method: 'get',
    path: '/api/dev/mailbox',
    summary: 'Messages the local outbox kept (development and tests; 404 otherwise)',
    tag: 'operations',
    access: publicRoute,
    answer: answerOf(devMailbox),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'operations',
    access: publicRoute,
    answer: { contentType: 'application/json', description: 'OpenAPI 3.1' },
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'This document as a page',
    tag: 'operations',
    access: publicRoute,
    answer: { contentType: 'text/html', description: 'The API reference' },
  },
];
