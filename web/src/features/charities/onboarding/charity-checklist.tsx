import type { OnboardingStatus } from '@arena/contracts';
import { displayEin } from './onboarding.rules';

const PAYOUT_LABELS: Record<OnboardingStatus['paymentAccountStatus'], string> = {
  NONE: 'Not connected',
  PENDING: 'Waiting for the payment provider',
  VERIFIED: 'Verified',
};

/** What verification takes, and which parts are done: the payout account and the charity's email. */
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
      <div className={charity.emailVerified ? 'charity-checklist--done' : undefined}>
        <dt>Charity email</dt>
        <dd>
          <span aria-hidden="true">{charity.emailVerified ? '✓ ' : '… '}</span>
          {charity.emailVerified
            ? `Confirmed (${charity.emailHint})`
            : `Not confirmed yet (${charity.emailHint})`}
        </dd>
      </div>
    </dl>
  );
}
