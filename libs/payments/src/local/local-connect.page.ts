/** The local driver's hosted onboarding form: plain HTML, no script, readable at phone width. */
import { formatEin } from '@arena/contracts/charities.rules';
import { escapeHtml } from '@arena/text';
import { formField, LOCAL_PAGE_STYLE } from './local-page';

export interface ConnectFormValues {
  representativeName: string;
  routingNumber: string;
  accountNumber: string;
  acceptedTerms: boolean;
}

export interface ConnectFormErrors {
  representativeName?: string;
  routingNumber?: string;
  accountNumber?: string;
  acceptedTerms?: string;
}

export interface ConnectPageInput {
  accountId: string;
  organizationName: string;
  ein: string;
  token: string;
  values?: Partial<ConnectFormValues>;
  errors?: ConnectFormErrors;
}

/** Stripe's documented test routing and account numbers; any valid-looking ones are accepted. */
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_ACCOUNT_NUMBER = '000123456789';

/** ABA routing numbers: nine digits whose weighted sum (3, 7, 1, …) is a multiple of ten. */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}

/** Checks the submitted form; answers its values (trimmed) and the errors to show beside each field. */
export function validateConnectForm(body: Record<string, unknown>): {
  values: ConnectFormValues;
  errors: ConnectFormErrors;
} {
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  const values: ConnectFormValues = {
    representativeName: field('representativeName').replace(/\s+/g, ' '),
    routingNumber: field('routingNumber').replace(/[\s-]/g, ''),
    accountNumber: field('accountNumber').replace(/[\s-]/g, ''),
    acceptedTerms: body.acceptedTerms === 'yes',
  };
  const errors: ConnectFormErrors = {};
  // Letters of any script, spaces and the punctuation of names; no control characters, no markup.
  if (
    values.representativeName.length < 2 ||
    values.representativeName.length > 100 ||
    !/^[\p{L}\p{M}' .,-]+$/u.test(values.representativeName)
  ) {
    errors.representativeName = "Enter the representative's full name.";
  }
  if (!isRoutingNumber(values.routingNumber)) {
    errors.routingNumber = `Enter a valid 9-digit routing number (test: ${TEST_ROUTING_NUMBER}).`;
  }
  if (!/^\d{4,17}$/.test(values.accountNumber)) {
    errors.accountNumber = `Enter an account number of 4 to 17 digits (test: ${TEST_ACCOUNT_NUMBER}).`;
  }
  if (!values.acceptedTerms) errors.acceptedTerms = 'Accept the terms to continue.';
  return { values, errors };
}

/** The local driver's hosted pages share one look. */

export function renderConnectPage(input: ConnectPageInput): string {
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const action = `/api/payments/local/connect/${encodeURIComponent(input.accountId)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${hasErrors ? 'Error: ' : ''}Set up payouts — Test mode</title>
<style>${LOCAL_PAGE_STYLE}</style>
</head>
<body>
<main>
  <p class="banner" role="note">Test mode — local payment provider. No real money moves and no real bank is contacted.</p>
  <div class="card">
    <h1>Set up payouts for ${escapeHtml(input.organizationName)}</h1>
    <p class="lead">Donations directed to your organization are paid out to this bank account.</p>
    ${hasErrors ? '<p class="summary" role="alert">Please correct the fields marked below.</p>' : ''}
    <form method="post" action="${escapeHtml(action)}" novalidate>
      <input type="hidden" name="link" value="${escapeHtml(input.token)}">
      <fieldset>
        <legend>Organization</legend>
        <label for="field-organization">Organization name</label>
        <input type="text" id="field-organization" value="${escapeHtml(input.organizationName)}" readonly>
        <label for="field-ein">EIN</label>
        <input type="text" id="field-ein" value="${escapeHtml(formatEin(input.ein))}" readonly>
      </fieldset>
      <fieldset>
        <legend>Representative</legend>
        ${formField({ name: 'representativeName', label: 'Full name', value: values.representativeName ?? '', error: errors.representativeName, autocomplete: 'name' })}
      </fieldset>
      <fieldset>
        <legend>Bank account (test)</legend>
        ${formField({ name: 'routingNumber', label: 'Routing number', value: values.routingNumber ?? '', hint: `Test routing number: ${TEST_ROUTING_NUMBER}`, error: errors.routingNumber, autocomplete: 'off', inputmode: 'numeric' })}
        ${formField({ name: 'accountNumber', label: 'Account number', value: '', hint: `Test account number: ${TEST_ACCOUNT_NUMBER}`, error: errors.accountNumber, autocomplete: 'off', inputmode: 'numeric' })}
      </fieldset>
      <div class="check">
        <input type="checkbox" id="field-acceptedTerms" name="acceptedTerms" value="yes"${values.acceptedTerms ? ' checked' : ''}${errors.acceptedTerms ? ' aria-invalid="true" aria-describedby="field-acceptedTerms-error"' : ''}>
        <label for="field-acceptedTerms">I accept the test provider's terms of service on behalf of the organization.</label>
      </div>
      ${errors.acceptedTerms ? `<p class="error" id="field-acceptedTerms-error">${escapeHtml(errors.acceptedTerms)}</p>` : ''}
      <div class="actions">
        <button type="submit" class="primary" name="action" value="submit">Agree and submit</button>
        <button type="submit" class="secondary" name="action" value="cancel" formnovalidate>Cancel</button>
      </div>
    </form>
  </div>
</main>
</body>
</html>
`;
}
