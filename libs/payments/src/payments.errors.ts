import { DomainError } from '@arena/http';

export type PaymentsErrorKind = 'not_found' | 'invalid' | 'conflict' | 'unavailable' | 'provider_failed';

/**
 * A refusal of the payments library, answered by kind (`DomainError`). 'provider_failed' is the payment
 * provider failing a call (a Stripe error after its retries): callers see its message, never a 500.
 */
export class PaymentsError extends DomainError<PaymentsErrorKind> {}
