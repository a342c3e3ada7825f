import { TournamentError } from '../tournament.errors';

export const matchNotFound = () => new TournamentError('not_found', 'Match not found');
export const notInMatch = () => new TournamentError('forbidden', 'You are not a player in this match');
export const matchNotReady = () =>
  new TournamentError('conflict', 'This match is not ready yet: its players are not both known');
export const matchAlreadyDecided = () =>
  new TournamentError('conflict', 'This match has already been decided');
export const matchDeadlinePassed = () =>
  new TournamentError('conflict', 'The deadline for this match has passed: results are no longer accepted');
export const alreadyPlayedMatch = () => new TournamentError('conflict', 'You have already played this match');
export const playedInMatches = () =>
  new TournamentError('conflict', 'This tournament is played in head-to-head matches: submit a match result');
export const notHeadToHead = () =>
  new TournamentError('not_found', 'Match not found: this tournament has no bracket');
