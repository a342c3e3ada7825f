/**
 * Refusals of favorites and invitations. `kind` tells the HTTP layer which status to answer
 * (`charity-community-errors.interceptor.ts`); the message is what the member reads.
 */
export type CharityCommunityErrorKind = 'conflict' | 'too_many_requests';

export class CharityCommunityError extends Error {
  constructor(
    readonly kind: CharityCommunityErrorKind,
    message: string,
    /** For `too_many_requests`: when the caller may try again. */
    readonly retryAfterSeconds = 0,
  ) {
    super(message);
    this.name = 'CharityCommunityError';
  }
}

/** A member's favorites are a short list to pick from when joining; past this it is no longer a choice. */
export const MAX_FAVORITES_PER_MEMBER = 200;

export const tooManyFavorites = () =>
  new CharityCommunityError(
    'conflict',
    `You can keep up to ${MAX_FAVORITES_PER_MEMBER} favorite charities. Remove one to add another.`,
  );

export const tooManyInvitations = (message: string, retryAfterSeconds: number) =>
  new CharityCommunityError('too_many_requests', message, retryAfterSeconds);
