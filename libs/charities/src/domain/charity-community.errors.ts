import { DomainError } from '@arena/http';

/** Refusals of favorites and invitations, answered by kind (`DomainError`); the message is what the member reads. */
export type CharityCommunityErrorKind = 'conflict' | 'too_many';

export class CharityCommunityError extends DomainError<CharityCommunityErrorKind> {}

/** A member's favorites are a short list to pick from when joining; past this it is no longer a choice. */
export const MAX_FAVORITES_PER_MEMBER = 200;

export const tooManyFavorites = () =>
  new CharityCommunityError(
    'conflict',
    `You can keep up to ${MAX_FAVORITES_PER_MEMBER} favorite charities. Remove one to add another.`,
  );

export const tooManyInvitations = (message: string, retryAfterSeconds: number) =>
  new CharityCommunityError('too_many', message, retryAfterSeconds);
