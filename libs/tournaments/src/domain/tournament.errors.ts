import { PlayMessages } from '@arena/contracts/plays.contract';
import { SignedResultMessages } from '@arena/contracts/signed-results.contract';
import { DomainError } from '@arena/http';

/**
 * Refusals of the tournament decider, answered by kind (`DomainError`); the message is what the member
 * reads. `unprocessable`: well-formed input the rules refuse on its merits (a game log that does not replay).
 */
export type TournamentErrorKind =
  'unauthorized' | 'not_found' | 'forbidden' | 'conflict' | 'invalid' | 'unprocessable';

export class TournamentError extends DomainError<TournamentErrorKind> {}

export const tournamentNotFound = () => new TournamentError('not_found', 'Tournament not found');
export const notJoined = () =>
  new TournamentError('forbidden', 'You have not joined this tournament: join it before submitting a score');
export const notActive = () =>
  new TournamentError('conflict', 'This tournament is not live: scores are not accepted');
export const joiningClosed = (why: string) => new TournamentError('conflict', `Joining is closed: ${why}`);
export const invalidScore = (why: string) => new TournamentError('invalid', why);
export const invalidTournament = (why: string) => new TournamentError('invalid', why);
export const unstorableText = (field: string) =>
  new TournamentError('invalid', `${field} must not contain NUL characters or unpaired surrogates`);
export const tournamentExists = () =>
  new TournamentError('conflict', 'A tournament with this id already exists with other settings');
export const belowRequiredPlan = (planName: string) =>
  new TournamentError('forbidden', `This tournament requires the ${planName} plan`);
export const notAPlayer = () => new TournamentError('forbidden', 'You have not joined this tournament');
export const notEditable = (why: string) =>
  new TournamentError('conflict', `This tournament can no longer be edited: ${why}`);
export const charityClosed = (why: string) =>
  new TournamentError('conflict', `The charity can no longer be changed: ${why}`);
export const charityNotFound = () => new TournamentError('invalid', 'Charity not found');
export const playerNotInTournament = () =>
  new TournamentError('not_found', 'Player not found in this tournament');

/** A play's game token dies with the sign-in it is bound to: an access token that names none cannot start one. */
export const noSignIn = () => new TournamentError('unauthorized', 'Unauthorized');
export const playNotFound = () => new TournamentError('not_found', PlayMessages.notFound);
export const runNotFound = () => new TournamentError('not_found', PlayMessages.runNotFound);
export const playNotYours = () => new TournamentError('forbidden', PlayMessages.notYours);
export const playAlreadySubmitted = () => new TournamentError('conflict', PlayMessages.alreadySubmitted);
export const playSuperseded = () => new TournamentError('conflict', PlayMessages.superseded);
export const playExpired = () => new TournamentError('conflict', PlayMessages.expired);
export const playDoesNotReplay = (reason: string) =>
  new TournamentError('unprocessable', PlayMessages.doesNotReplay(reason));
export const playTooFast = () => new TournamentError('unprocessable', PlayMessages.tooFast);
export const nothingToReveal = () => new TournamentError('conflict', PlayMessages.nothingToReveal);
export const revealOutOfOrder = (next: number) =>
  new TournamentError('conflict', PlayMessages.revealOutOfOrder(next));
export const revealedOtherCard = (flip: number, card: number) =>
  new TournamentError('conflict', PlayMessages.revealedOtherCard(flip, card));
export const revealRefused = (reason: string) =>
  new TournamentError('unprocessable', PlayMessages.revealRefused(reason));
export const releaseOutOfOrder = (next: number) =>
  new TournamentError('conflict', PlayMessages.releaseOutOfOrder(next));
export const releasedOtherInput = (step: number, input: string) =>
  new TournamentError('conflict', PlayMessages.releasedOtherInput(step, input));
export const releaseRefused = (reason: string) =>
  new TournamentError('unprocessable', PlayMessages.releaseRefused(reason));
export const notVerifiedGame = () => new TournamentError('conflict', PlayMessages.notVerifiedGame);
export const verifiedOnly = (gameName: string) =>
  new TournamentError('conflict', PlayMessages.verifiedOnly(gameName));
export const playIdTaken = () =>
  new TournamentError('conflict', 'A play with this id already exists for another member or match');
export const unknownGame = (slug: string) => new TournamentError('invalid', `Unknown game: ${slug}`);
export const signatureRequired = (gameName: string) =>
  new TournamentError('forbidden', SignedResultMessages.signatureRequired(gameName));
export const badSignature = () => new TournamentError('forbidden', SignedResultMessages.badSignature);
export const signedResultReplayed = () => new TournamentError('conflict', SignedResultMessages.replayed);
export const signedResultStale = () => new TournamentError('conflict', SignedResultMessages.stale);
export const gameSignsNoResults = (gameName: string) =>
  new TournamentError('invalid', SignedResultMessages.notSigned(gameName));
