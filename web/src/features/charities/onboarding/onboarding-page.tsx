import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { MemberProfile } from '@arena/contracts';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { Alert, Button, buttonClass, Card } from '../../../ui';
import { AllSetStep } from './all-set-step';
import { CodeStep } from './code-step';
import { DetailsStep } from './details-step';
import { readDraft } from './onboarding-storage';
import { ONBOARDING_STEPS, type OnboardingStep, type OrganizationDetails } from './onboarding.rules';
import type { OnboardingSearch } from './onboarding.search';
import { PaymentStep } from './payment-step';
import './onboarding.css';

export interface OnboardingPageProps {
  search: OnboardingSearch;
  /** Moves to a step (a history entry of its own, so Back works). */
  onStep: (step: OnboardingStep) => void;
  /** Shows a failure the spec's way: an alert on /charity-onboarding (spec §8). */
  onError: (message: string) => void;
}

export function OnboardingPage({ search, onStep, onError }: OnboardingPageProps) {
  useDocumentTitle('Charity onboarding');
  const step: OnboardingStep = search.step ?? 1;
  const session = useSession();
  // The details typed on step 2 are needed again on step 3, also after a round trip to the provider.
  const [details, setDetails] = useState<OrganizationDetails | null>(readDraft);
  const title = ONBOARDING_STEPS[step - 1]!.title;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // A new step replaces the card's content: focus its title so keyboard and screen-reader users start there.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  return (
    <div className="container onboarding">
      <header className="page-header">
        <p className="eyebrow">Charity onboarding</p>
        <h1 className="page-header__title">Bring your charity to Charity Arena</h1>
      </header>
      <Stepper current={step} />
      {search.error && <Alert tone="danger" title={search.error} />}
      <Card as="section" tone="raised" className="onboarding__card" aria-labelledby="onboarding-step-title">
        <p className="eyebrow">
          Step {step} of {ONBOARDING_STEPS.length}
        </p>
        <h2 id="onboarding-step-title" className="card__title onboarding__title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {step === 1 ? (
          <WelcomeStep onStart={() => onStep(2)} />
        ) : session === undefined ? (
          <p role="status">Loading...</p>
        ) : session.status !== 'member' ? (
          <SignInPrompt />
        ) : (
          <MemberStep
            step={step}
            member={session.member}
            search={search}
            details={details}
            onDetails={setDetails}
            onStep={onStep}
            onError={onError}
          />
        )}
      </Card>
    </div>
  );
}

interface MemberStepProps extends Omit<OnboardingPageProps, 'search'> {
  step: Exclude<OnboardingStep, 1>;
  member: MemberProfile;
  search: OnboardingSearch;
  details: OrganizationDetails | null;
  onDetails: (details: OrganizationDetails) => void;
}

function MemberStep({ step, member, search, details, onDetails, onStep, onError }: MemberStepProps) {
  switch (step) {
    case 2:
      return (
        <DetailsStep
          initial={details}
          invitedEin={search.ein}
          memberEmail={member.email}
          onBack={() => onStep(1)}
          onDone={(filled) => {
            onDetails(filled);
            onStep(3);
          }}
        />
      );
    case 3:
      return details ? (
        <PaymentStep details={details} onBack={() => onStep(2)} onComplete={() => onStep(4)} />
      ) : (
        <div className="stack">
          <p>Enter your organization's details first: the payment account is opened in its name.</p>
          <Button onClick={() => onStep(2)}>Enter details</Button>
        </div>
      );
    case 4:
      return (
        <CodeStep fromStripe={search.fromStripe === true} onVerified={() => onStep(5)} onError={onError} />
      );
    case 5:
      return <AllSetStep onError={onError} />;
  }
}

function Stepper({ current }: { current: OnboardingStep }) {
  return (
    <nav aria-label="Onboarding progress">
      <ol className="stepper">
        {ONBOARDING_STEPS.map(({ step, title }) => {
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__number" aria-hidden="true">
                {state === 'done' ? '✓' : step}
              </span>
              <span className="stepper__title">
                {title}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function WelcomeStep({ onStart }: { onStart: () => void }) {
  return (
    <div className="stack">
      <p className="lead">
        Members of Charity Arena play skill games and direct donations to verified US nonprofits. Onboarding
        makes your charity one of them: once it is verified, it can be chosen by players and receive the
        donations they direct to it.
      </p>
      <p>It takes a few minutes and four steps:</p>
      <ol className="onboarding__overview">
        <li>
          <strong>Organization details.</strong> Your EIN, your organization's name and description, and the
          charity's contact email.
        </li>
        <li>
          <strong>Link a payment account.</strong> You open a payout account with our payment provider, which
          verifies your organization and its bank account.
        </li>
        <li>
          <strong>Confirm the charity's email.</strong> We send a 6-digit code to the contact email.
        </li>
        <li>
          <strong>All set.</strong> Your charity is verified as soon as the payout account can receive
          transfers and the email is confirmed.
        </li>
      </ol>
      <p className="muted">
        You need a Charity Arena account: the account you onboard with manages the charity.
      </p>
      <div className="cluster">
        <Button onClick={onStart}>Get Started</Button>
      </div>
    </div>
  );
}

function SignInPrompt() {
  return (
    <div className="stack">
      <Alert title="Log in to continue">
        <p>
          Onboarding needs a member account: the account you log in with becomes the charity's manager, the
          one who continues its onboarding and publishes its impact stories.
        </p>
      </Alert>
      <div className="cluster">
        <Link to="/login" className={buttonClass()}>
          Log in
        </Link>
        <Link to="/create-account" className={buttonClass({ variant: 'secondary' })}>
          Create account
        </Link>
      </div>
    </div>
  );
}
