/** The onboarding steps the find-charity page explains (spec §2), in order. */
const STEPS = [
  'Click Add Your Charity.',
  'Verify the 501(c)(3) by EIN lookup or document upload.',
  'Connect a payment account for direct payouts.',
  'Publish the profile to appear in search and tournaments.',
] as const;

export function OnboardingSteps({ id }: { id: string }) {
  return (
    <section id={id} className="card onboarding-steps" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        How onboarding works
      </h2>
      <ol className="onboarding-steps__list">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
