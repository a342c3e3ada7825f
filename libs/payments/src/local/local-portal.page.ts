/** The local driver's billing portal page: plain HTML, no script, readable at phone width. */
import { escapeHtml } from '@arena/text';
import { formatDollars } from './local-checkout.page';
import type { LocalInvoiceRow, LocalSubscriptionRow } from './local-billing.queries';
import { LOCAL_PAGE_STYLE } from './local-page';

export interface PortalPageInput {
  sessionId: string;
  email: string;
  subscription: LocalSubscriptionRow | undefined;
  invoices: LocalInvoiceRow[];
  cardDeclines: boolean;
  returnUrl: string;
  /** The payment world's time now (the test clock's). */
  now: Date;
}

const PORTAL_STYLE = `
main{max-width:40rem}
section{margin-top:1.25rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:#4b5563}
dd{margin:0;font-weight:600}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th,td{text-align:left;padding:.375rem .25rem;border-bottom:1px solid #d0d7de}
td.amount{text-align:right;font-variant-numeric:tabular-nums}
form{margin:0}
a.return{display:inline-block;margin-top:1.25rem;color:#1d4ed8;font-weight:600}
`;

/** "December 23, 2026", in UTC (the clock's days). */
export const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const REASONS: Record<LocalInvoiceRow['billing_reason'], string> = {
  subscription_create: 'First month',
  subscription_cycle: 'Renewal',
  subscription_update: 'Plan change (prorated)',
};

const STATUS: Record<LocalSubscriptionRow['status'], string> = {
  active: 'Active',
  past_due: 'Past due — the last payment failed',
  canceled: 'Canceled',
};

function actionButton(action: string, label: string, primary = false) {
  return `<button type="submit" class="${primary ? 'primary' : 'secondary'}" name="action" value="${escapeHtml(action)}">${escapeHtml(label)}</button>`;
}

export function renderPortalPage(input: PortalPageInput): string {
  const action = `/api/payments/local/portal/${encodeURIComponent(input.sessionId)}`;
  const subscription = input.subscription;
  const live = subscription && subscription.status !== 'canceled';
  const plan = subscription
    ? `<dl>
        <dt>Plan</dt><dd>${escapeHtml(subscription.product_name)}</dd>
        <dt>Price</dt><dd>${formatDollars(subscription.price_cents)} per month</dd>
        <dt>Status</dt><dd>${escapeHtml(STATUS[subscription.status])}</dd>
        ${
          !live
            ? `<dt>Ended</dt><dd>${escapeHtml(formatDay(subscription.ended_at ?? subscription.current_period_end))}</dd>`
            : subscription.cancel_at_period_end
              ? `<dt>Ends on</dt><dd>${escapeHtml(formatDay(subscription.current_period_end))} (canceled; no further invoices)</dd>`
              : `<dt>Next invoice</dt><dd>${escapeHtml(formatDay(subscription.current_period_end))}, ${formatDollars(subscription.price_cents)}</dd>`
        }
      </dl>`
    : '<p>No subscription.</p>';
  const invoices =
    input.invoices.length === 0
      ? '<p>No invoices yet.</p>'
      : `<table>
        <thead><tr><th scope="col">Date</th><th scope="col">What</th><th scope="col">Status</th><th scope="col" class="amount">Amount</th></tr></thead>
        <tbody>
        ${input.invoices
          .map(
            (invoice) =>
              `<tr><td>${escapeHtml(formatDay(invoice.created_at))}</td><td>${escapeHtml(REASONS[invoice.billing_reason])}</td><td>${invoice.status === 'paid' ? 'Paid' : 'Payment failed'}</td><td class="amount">${formatDollars(invoice.amount_cents)}</td></tr>`,
          )
          .join('\n        ')}
        </tbody>
      </table>`;
  const subscriptionActions = live
    ? subscription.cancel_at_period_end
      ? actionButton('resume', 'Renew plan (undo cancel)', true)
      : actionButton('cancel', 'Cancel plan at period end')
    : '';
  const cardAction = input.cardDeclines
    ? actionButton('working-card', 'Use a working card (4242)', true)
    : actionButton('declining-card', 'Use a card that declines (0002)');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Billing — Test mode</title>
<style>${LOCAL_PAGE_STYLE}${PORTAL_STYLE}</style>
</head>
<body>
<main>
  <p class="banner" role="note">Test mode — local payment provider. No real money moves and no real card is charged. Test clock: ${escapeHtml(formatDay(input.now))}.</p>
  <div class="card">
    <h1>Billing</h1>
    <p class="lead">${escapeHtml(input.email)}</p>
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Current plan</h2>
      ${plan}
    </section>
    <section aria-labelledby="card-heading">
      <h2 id="card-heading">Payment method</h2>
      <p>${input.cardDeclines ? 'Test card •••• 0002 — this card declines every payment.' : 'Test card •••• 4242'}</p>
    </section>
    <form method="post" action="${escapeHtml(action)}">
      <div class="actions">
        ${subscriptionActions}
        ${cardAction}
      </div>
    </form>
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Invoices</h2>
      ${invoices}
    </section>
    <a class="return" href="${escapeHtml(input.returnUrl)}">Return to Charity Arena</a>
  </div>
</main>
</body>
</html>
`;
}
