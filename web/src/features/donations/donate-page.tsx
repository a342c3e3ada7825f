import { useQuery } from '@tanstack/react-query';
import { donationCheckoutBody } from '@arena/contracts/donations.contract';
import { pathFor, routes } from '@arena/contracts/http.routes';
import {
  DONOR_NAME_MAX_LENGTH,
  DONATION_DEFAULT_CENTS,
  DONATION_PRESETS_CENTS,
  DonationMessages as M,
} from '@arena/contracts/donations.messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Alert, Badge, Button, Card, TextField } from '../../ui';
import { charityProfileQuery } from '../charities/charities.queries';
import { centsFromDollars, dollars } from './donation-format';
import { donationsApi, paymentsConfigQuery } from './donations.queries';
import './donations.css';

export interface DonatePageProps {
  /** Donate Now on a charity's profile: the gift is directed to that charity. */
  ein?: string;
  cancelled?: boolean;
}

/** The server's words when it gave any (a 4xx names the rule), else the spec's generic failure. */
function checkoutFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return M.errorProcessingDonation;
}

/** Spec §2 "Donate page", §9: an amount in whole dollars, presets, an optional email, then checkout. */
export function DonatePage({ ein, cancelled = false }: DonatePageProps) {
  useDocumentTitle('Donate');
  const [amount, setAmount] = useState(String(DONATION_DEFAULT_CENTS / 100));
  const session = useSession();
  const [typedEmail, setEmail] = useState<string | null>(null);
  // A signed-in member's receipt goes to their own address unless they type another (issue 23, item 12).
  const email = typedEmail ?? (session?.status === 'member' ? session.member.email : '');
  const [monthly, setMonthly] = useState(false);
  const [named, setNamed] = useState(false);
  const [typedName, setName] = useState<string | null>(null);
  // A member shown by name is shown under their username unless they type another.
  const donorName = typedName ?? (session?.status === 'member' ? session.member.username : '');
  const [errors, setErrors] = useState<{ amount?: string; email?: string; donorName?: string }>({});
  const [sending, setSending] = useState(false);
  const payments = useQuery(paymentsConfigQuery());
  const configurationMissing = payments.data?.mode === 'stripe' && payments.data.publishableKey === null;
  const charity = useQuery({ ...charityProfileQuery(ein ?? ''), enabled: ein !== undefined });
  const cents = centsFromDollars(amount);

  const donate = async (event: FormEvent) => {
    event.preventDefault();
    const refusal = payments.isError
      ? M.errorLoadingPaymentSystem
      : !payments.data
        ? M.paymentSystemNotReady
        : configurationMissing
          ? M.paymentConfigurationMissing
          : null;
    if (refusal) {
      toast.error(refusal);
      return;
    }
    const parsed = donationCheckoutBody.safeParse({
      amount_cents: cents,
      email,
      charityEin: ein,
      ...(named ? { donorName } : {}),
      // Issue 23: sent only for a monthly gift; the one-time gift's body stays the spec's.
      ...(monthly ? { frequency: 'monthly' as const } : {}),
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'email' || issue.path[0] === 'donorName' ? issue.path[0] : 'amount';
        next[field] ??= issue.message;
      }
      setErrors(next);
      toast.error(next.amount ?? next.email ?? next.donorName ?? M.errorProcessingDonation);
      return;
    }
    if (named && !parsed.data.donorName) {
      setErrors({ donorName: M.donorNameMissing });
      toast.error(M.donorNameMissing);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await donationsApi.checkout(parsed.data);
      window.location.assign(answer.url);
    } catch (error) {
      toast.error(checkoutFailure(error));
      setSending(false);
    }
  };

  return (
    <div className="container donate">
      <header className="page-header">
        <p className="eyebrow">Give to verified nonprofits</p>
        <h1 className="page-header__title">Donate</h1>
        {payments.data?.mode === 'local' && <Badge tone="accent">Test mode</Badge>}
      </header>
      {cancelled && <Alert title="Payment was cancelled">No money was taken. You can try again.</Alert>}
      {payments.isError && (
        <Alert tone="danger" title={M.errorLoadingPaymentSystem}>
          <p>Donations are unavailable until the payment system loads. Please try again later.</p>
        </Alert>
      )}
      {configurationMissing && <Alert tone="danger" title={M.paymentConfigurationMissing} />}
      <Card as="section" className="donate__card" aria-labelledby="donate-form-title">
        <h2 id="donate-form-title" className="card__title">
          {ein === undefined ? 'Your gift' : 'Your gift to'}
        </h2>
        {ein !== undefined && (
          <p className="donate__charity" aria-live="polite">
            {charity.data?.name ?? (charity.isError ? `EIN ${ein}` : 'Loading the charity…')}
          </p>
        )}
        <p className="muted">
          {ein === undefined
            ? 'Your gift goes into the donation pool, which Charity Arena directs to verified nonprofits.'
            : 'Your gift is directed to this charity.'}
        </p>
        <form className="stack donate__form" onSubmit={(event) => void donate(event)} noValidate>
          <fieldset className="donate__presets">
            <legend className="field__label">Choose an amount</legend>
            <div className="cluster">
              {DONATION_PRESETS_CENTS.map((preset) => (
                <Button
                  key={preset}
                  type="button"
                  variant={cents === preset ? 'primary' : 'secondary'}
                  aria-pressed={cents === preset}
                  onClick={() => setAmount(String(preset / 100))}
                >
                  {dollars(preset)}
                </Button>
              ))}
            </div>
          </fieldset>
          <fieldset className="donate__frequency">
            <legend className="field__label">How often</legend>
            <label className="donate__choice">
              <input type="radio" name="frequency" checked={!monthly} onChange={() => setMonthly(false)} />
              <span>One time</span>
            </label>
            <label className="donate__choice">
              <input type="radio" name="frequency" checked={monthly} onChange={() => setMonthly(true)} />
              <span>Monthly</span>
            </label>
            {monthly && (
              <p className="muted donate__frequency-note">
                The same amount is given every month until you cancel it
                {session?.status === 'member' ? ' on your profile' : ''}. Each month gets its own receipt.
              </p>
            )}
          </fieldset>
          <TextField
            label="Amount (US dollars)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
          />
          <TextField
            label="Email for your receipt (optional)"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <fieldset className="donate__shown-as">
            <legend className="field__label">On the public donation ledger, show this gift as</legend>
            <label className="donate__choice">
              <input type="radio" name="shown-as" checked={!named} onChange={() => setNamed(false)} />
              <span>Anonymous donor</span>
            </label>
            <label className="donate__choice">
              <input type="radio" name="shown-as" checked={named} onChange={() => setNamed(true)} />
              <span>From a name I choose</span>
            </label>
            {named && (
              <TextField
                label="Name shown on the ledger"
                autoComplete="nickname"
                maxLength={DONOR_NAME_MAX_LENGTH}
                value={donorName}
                onChange={(event) => setName(event.target.value)}
                error={errors.donorName}
                hint="Anyone can read the ledger. Your email is never shown."
              />
            )}
          </fieldset>
          <Button type="submit" size="large" disabled={sending}>
            {sending
              ? 'Opening checkout…'
              : `Donate ${cents > 0 ? dollars(cents) : ''}${monthly ? ' monthly' : ''}`
                  .replace(/\s+/g, ' ')
                  .trim()}
          </Button>
        </form>
        <p className="donate__health">
          <a href={pathFor(routes.operations.health)} target="_blank" rel="noreferrer">
            Payment system status
          </a>
        </p>
      </Card>
    </div>
  );
}
