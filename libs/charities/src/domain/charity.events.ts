/**
 * The events of one charity's stream, `charity-{ein}` (issue 11, docs/charities.md "Onboarding"). Facts,
 * past tense, never edited. Keyed by EIN so that two members can never onboard the same organization twice:
 * the stream's first event decides who manages it.
 */

export const charityStreamId = (ein: string) => `charity-${ein}`;

/** A signed-in member filled in the organization details: they become the charity's manager. */
export interface CharityOnboardingStarted {
  type: 'CharityOnboardingStarted';
  data: {
    charityId: string;
    ein: string;
    organizationName: string;
    description: string;
    category: string;
    /** Where the step 4 code goes; never public. */
    email: string;
    managerId: string;
    /** From the bundled data set when it knows the EIN, else null. */
    address: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    at: string;
  };
}

/** The manager gave another contact email before confirming the first one. */
export interface CharityContactEmailChanged {
  type: 'CharityContactEmailChanged';
  data: { charityId: string; email: string; at: string };
}

export interface CharityPaymentAccountLinked {
  type: 'CharityPaymentAccountLinked';
  data: { charityId: string; stripeAccountId: string; at: string };
}

/**
 * What the provider said about the account in one `account.updated` webhook. `providerCreated` is the
 * provider event's `created` (Unix seconds): an older update arriving late never overrides a newer one.
 */
export interface CharityPaymentAccountUpdated {
  type: 'CharityPaymentAccountUpdated';
  data: {
    charityId: string;
    stripeAccountId: string;
    chargesEnabled: boolean;
    payoutsEnabled: boolean;
    detailsSubmitted: boolean;
    providerEventId: string;
    providerCreated: number;
    at: string;
  };
}

/** The manager typed the code sent to the contact email. */
export interface CharityEmailVerified {
  type: 'CharityEmailVerified';
  data: { charityId: string; email: string; at: string };
}

/** Listed on the charities page (its email is confirmed). */
export interface CharityPublished {
  type: 'CharityPublished';
  data: { charityId: string; at: string };
}

export type CharityEvent =
  | CharityOnboardingStarted
  | CharityContactEmailChanged
  | CharityPaymentAccountLinked
  | CharityPaymentAccountUpdated
  | CharityEmailVerified
  | CharityPublished;

export const CHARITY_EVENT_TYPES: readonly CharityEvent['type'][] = [
  'CharityOnboardingStarted',
  'CharityContactEmailChanged',
  'CharityPaymentAccountLinked',
  'CharityPaymentAccountUpdated',
  'CharityEmailVerified',
  'CharityPublished',
];
