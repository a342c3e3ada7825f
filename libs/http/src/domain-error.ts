/**
 * The one vocabulary of refusals, for every context. HttpExceptionFilter answers each kind with one
 * status: invalid 400, unauthorized 401, forbidden 403, not_found 404, conflict 409, unprocessable 422
 * (well-formed input the rules refuse on its merits), too_many 429, provider_failed 502 (a payment
 * provider refused or failed a call), unavailable 503.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_many'
  | 'provider_failed'
  | 'unavailable';

/**
 * A refusal of the rules: its message is what people read. Each context extends it, narrowing the kinds
 * it uses; this file stays free of Nest so that pure domain code can import it.
 */
export class DomainError<Kind extends DomainErrorKind = DomainErrorKind> extends Error {
  constructor(
    readonly kind: Kind,
    message: string,
    /** When the caller may try again: answered as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
