import { CharityMessages } from '@arena/contracts/charities.messages';
import type { OnboardingStatus } from '@arena/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Badge, Button, buttonClass, Card, Skeleton } from '../../../ui';
import { CharityChecklist } from './charity-checklist';
import { CharityLogoForm } from './charity-logo-form';
import { ImpactStories } from './impact-stories';
import { saveOnboarding } from './onboarding-storage';
import { managedCharitiesQuery } from './onboarding.queries';
import { displayEin, type OnboardingStep } from './onboarding.rules';
import './onboarding.css';

/**
 * The profile's "Your charity": each charity the member manages, where its verification stands, the way
 * back into its onboarding while it is incomplete, and its impact stories.
 */
export function YourCharitySection({ memberId }: { memberId: string }) {
  const managed = useQuery(managedCharitiesQuery(memberId));
  return (
    <Card as="section" className="profile__section your-charity" aria-labelledby="profile-charity">
      <h2 id="profile-charity" className="card__title">
        Your charity
      </h2>
      {managed.isPending ? (
        <Skeleton height="6rem" />
      ) : managed.isError ? (
        <p role="alert">Failed to load your charities. {managed.error.message}</p>
      ) : managed.data.length === 0 ? (
        <div className="stack">
          <p className="muted">
            Run a nonprofit? Onboard it to let players direct their donations to it; you manage it from here.
          </p>
          <div className="cluster">
            <Link to="/charity-onboarding" className={buttonClass({ variant: 'secondary' })}>
              Add Your Charity
            </Link>
          </div>
        </div>
      ) : (
        <div className="your-charity__list">
          {managed.data.map((charity) => (
            <ManagedCharity key={charity.charityId} charity={charity} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** Where "Continue onboarding" picks up: the details while no payout account exists, else the code or the end. */
function resumeStep(charity: OnboardingStatus): OnboardingStep {
  if (charity.paymentAccountStatus === 'NONE') return 2;
  return charity.emailVerified ? 5 : 4;
}

function ManagedCharity({ charity }: { charity: OnboardingStatus }) {
  const navigate = useNavigate();
  const headingId = `charity-${charity.charityId}`;
  const resume = () => {
    const step = resumeStep(charity);
    // Steps 4 and 5 read which charity this is from the saved onboarding data, as after the provider's form.
    if (step !== 2) {
      saveOnboarding({
        ein: charity.ein,
        organizationName: charity.organizationName,
        stripeAccountId: charity.stripeAccountId,
        charityId: charity.charityId,
      });
    }
    void navigate({
      to: '/charity-onboarding',
      search: step === 2 ? { step, ein: displayEin(charity.ein) } : { step },
    });
  };
  return (
    <article className="your-charity__item" aria-labelledby={headingId}>
      <header className="your-charity__head">
        <h3 id={headingId} className="your-charity__name">
          {charity.organizationName}
        </h3>
        {charity.isVerified ? (
          <Badge>{CharityMessages.verifiedCharity}</Badge>
        ) : (
          <Badge tone="accent">{CharityMessages.pendingVerification}</Badge>
        )}
      </header>
      <CharityChecklist charity={charity} />
      {charity.closed === null && <CharityLogoForm charity={charity} />}
      <div className="cluster">
        {!charity.isVerified && charity.closed === null && (
          <Button onClick={resume}>Continue onboarding</Button>
        )}
        {/* The public profile's route comes with the charity search screens. */}
        <a className={buttonClass({ variant: 'ghost' })} href={`/charity-profile/${charity.ein}`}>
          View public profile
        </a>
      </div>
      <ImpactStories ein={charity.ein} charityName={charity.organizationName} />
    </article>
  );
}
