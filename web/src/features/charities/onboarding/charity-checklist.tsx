import type { OnboardingStatus } from '@arena/contracts';
import { displayEin } from './onboarding.rules';

const PAYOUT_LABELS: Record<OnboardingStatus['paymentAccountStatus'], string> = {
  NONE: 'Not connected',
  PENDING: 'Waiting for the payment provider',
  VERIFIED: 'Verified',
};

const CLOSED_LABELS: Record<NonNullable<OnboardingStatus['closed']>, string> = {
  EXPIRED: 'Expired: no payout account was verified within 7 days. Start again to claim the charity.',
  REJECTED: 'Refused by an operator.',
  RELEASED: 'Released by an operator to the organization.',
};

/**
 * What verification takes, and which parts are done: the payout account, and the charity's email code or
 * an operator's review (when the email is not on the website's domain); when the claim expires.
 */
export function CharityChecklist({ charity }: { charity: OnboardingStatus }) {
  const payoutDone = charity.paymentAccountStatus === 'VERIFIED';
  return (
    <dl className="charity-checklist">
      <div>
        <dt>EIN</dt>
        <dd>{displayEin(charity.ein)}</dd>
      </div>
      <div className={payoutDone ? 'charity-checklist--done' : undefined}>
        <dt>Payout account</dt>
        <dd>
          <span aria-hidden="true">{payoutDone ? '✓ ' : '… '}</span>
          {PAYOUT_LABELS[charity.paymentAccountStatus]}
        </dd>
      </div>
      {charity.verification === 'EMAIL_CODE' || charity.emailVerified ? (
        <div className={charity.emailVerified ? 'charity-checklist--done' : undefined}>
          <dt>Charity email</dt>
          <dd>
            <span aria-hidden="true">{charity.emailVerified ? '✓ ' : '… '}</span>
            {charity.emailVerified
              ? `Confirmed (${charity.emailHint})`
              : `Not confirmed yet (${charity.emailHint})`}
          </dd>
        </div>
      ) : (
        <div className={charity.review === 'APPROVED' ? 'charity-checklist--done' : undefined}>
          <dt>Operator review</dt>
          <dd>
            <span aria-hidden="true">{charity.review === 'APPROVED' ? '✓ ' : '… '}</span>
            {charity.review === 'APPROVED'
              ? 'Approved'
              : `Waiting for an operator: ${charity.emailHint} is not on the domain of the organization’s website on record`}
          </dd>
        </div>
      )}
      {charity.closed !== null ? (
        <div>
          <dt>Status</dt>
          <dd>{CLOSED_LABELS[charity.closed]}</dd>
        </div>
      ) : (
        charity.expiresAt !== null && (
          <div>
            <dt>Expires</dt>
            <dd>
              {`${new Date(charity.expiresAt).toLocaleDateString()} unless the payout account is verified by then`}
            </dd>
          </div>
        )
      )}
    </dl>
  );
}
