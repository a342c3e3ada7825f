/** The local driver's hosted checkout page: plain HTML, no script, readable at phone width. */
import { escapeHtml } from '@arena/text';
import { formField, LOCAL_PAGE_STYLE } from './local-page';

/** Stripe's documented test cards: the first always pays, the second is always declined. */
export const TEST_CARD_NUMBER = '4242424242424242';
export const DECLINED_CARD_NUMBER = '4000000000000002';

export interface CheckoutFormValues {
  email: string;
  cardNumber: string;
}

export interface CheckoutFormErrors {
  email?: string;
  cardNumber?: string;
}

export interface CheckoutPageInput {
  sessionId: string;
  amountCents: number;
  description: string;
  token: string;
  email: string;
  errors?: CheckoutFormErrors;
  /** The card was refused: said above the form, nothing was paid. */
  declined?: boolean;
  /** A subscription-mode session (issue 13): the amount is a monthly price. */
  perMonth?: boolean;
}

const EMAIL = /^[^\s@<>"'\p{Cc}]+@[^\s@<>"'\p{Cc}]+\.[^\s@<>"'\p{Cc}]+$/u;

/** Checks the posted form: its values (trimmed; the card's digits only), the errors beside each field. */
export function validateCheckoutForm(body: Record<string, unknown>): {
  values: CheckoutFormValues;
  errors: CheckoutFormErrors;
} {
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  const values = { email: field('email'), cardNumber: field('cardNumber').replace(/[\s-]/g, '') };
  const errors: CheckoutFormErrors = {};
  if (values.email.length > 254 || !EMAIL.test(values.email)) errors.email = 'Enter a valid email address.';
  if (values.cardNumber !== TEST_CARD_NUMBER && values.cardNumber !== DECLINED_CARD_NUMBER) {
    errors.cardNumber = 'Use the test card 4242 4242 4242 4242.';
  }
  return { values, errors };
}

/** 1234 cents → "$12.34", 10000 → "$100.00". */
export const formatDollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

const CHECKOUT_STYLE = `
.amount{font-size:2rem;font-weight:700;margin:0 0 .25rem}
input[type=email]{width:100%;padding:.625rem .75rem;font:inherit;border:1px solid #8c959f;border-radius:.375rem;background:#fff;color:inherit}
`;

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const errors = input.errors ?? {};
  const problem = input.declined
    ? 'Your card was declined. Nothing was charged; try the test card 4242 4242 4242 4242.'
    : Object.keys(errors).length > 0
      ? 'Please correct the fields marked below.'
      : '';
  const amount = input.perMonth
    ? `${formatDollars(input.amountCents)} per month`
    : formatDollars(input.amountCents);
  const action = `/api/payments/local/checkout/${encodeURIComponent(input.sessionId)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${problem ? 'Error: ' : ''}${input.perMonth ? 'Subscribe' : 'Pay'} ${amount} — Test mode</title>
<style>${LOCAL_PAGE_STYLE}${CHECKOUT_STYLE}</style>
</head>
<body>
<main>
  <p class="banner" role="note">Test mode — local payment provider. No real money moves and no real card is charged.</p>
  <div class="card">
    <h1>${escapeHtml(input.description)}</h1>
    <p class="amount">${amount}</p>
    <p class="lead">${input.perMonth ? 'A monthly subscription in US dollars, renewed each month until you cancel it.' : 'A one-time payment in US dollars.'}</p>
    ${problem ? `<p class="summary" role="alert">${escapeHtml(problem)}</p>` : ''}
    <form method="post" action="${escapeHtml(action)}" novalidate>
      <input type="hidden" name="token" value="${escapeHtml(input.token)}">
      ${formField({ name: 'email', type: 'email', label: 'Email', value: input.email, hint: 'Your receipt is sent here.', error: errors.email, autocomplete: 'email' })}
      ${formField({ name: 'cardNumber', type: 'text', label: 'Card number (test)', value: '', hint: 'Test card: 4242 4242 4242 4242. The card 4000 0000 0000 0002 is declined.', error: errors.cardNumber, autocomplete: 'off', inputmode: 'numeric' })}
      <div class="actions">
        <button type="submit" class="primary" name="action" value="pay">${input.perMonth ? 'Subscribe' : 'Pay'} ${amount}</button>
        ${input.perMonth ? '' : '<button type="submit" class="secondary" name="action" value="bank">Pay by bank debit (test ACH)</button>'}
        <button type="submit" class="secondary" name="action" value="cancel" formnovalidate>Cancel</button>
      </div>
    </form>
  </div>
</main>
</body>
</html>
`;
}
