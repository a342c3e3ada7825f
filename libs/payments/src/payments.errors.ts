export type PaymentsErrorKind = 'not_found' | 'invalid' | 'conflict' | 'unavailable' | 'provider';

/**
 * A refusal of the payments library, mapped to HTTP once by PaymentsErrorsInterceptor. 'provider' is
 * the payment provider refusing or failing a call (a Stripe error): callers see its message, never a 500.
 */
export class PaymentsError extends Error {
  constructor(
    readonly kind: PaymentsErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentsError';
  }
}
