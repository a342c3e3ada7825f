import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OnboardingPage } from '../../features/charities/onboarding/onboarding-page';
import { onboardingSearch } from '../../features/charities/onboarding/onboarding.search';
import type { OnboardingStep } from '../../features/charities/onboarding/onboarding.rules';

export const Route = createFileRoute('/charity-onboarding/')({
  validateSearch: onboardingSearch,
  component: CharityOnboardingRoute,
});

function CharityOnboardingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Moving on clears the last failure; the invitation's EIN stays until the details are typed.
  const onStep = useCallback(
    (step: OnboardingStep) => void navigate({ search: (prev) => ({ ein: prev.ein, step }) }),
    [navigate],
  );
  // Spec §8: a failure is shown as an alert on /charity-onboarding, where the process starts again.
  const onError = useCallback(
    (error: string) => void navigate({ search: { error }, replace: true }),
    [navigate],
  );
  return <OnboardingPage search={search} onStep={onStep} onError={onError} />;
}
