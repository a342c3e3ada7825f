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
    /**
     * Issue 21; absent from older events (read as null / true). The organization's website on record (the
     * directory's, null when it has none): the code goes only to an address on its domain.
     */
    website?: string | null;
    /** Whether the directory holds the EIN; one it does not is listed only after an operator's review. */
    inDirectory?: boolean;
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

/**
 * An operator confirmed the organization and its contact by other means than the email code (issue 21):
 * the charity is held for review when the email is not on its website's domain, or its EIN is not in the
 * directory.
 */
export interface CharityReviewApproved {
  type: 'CharityReviewApproved';
  data: { charityId: string; operator: string; note: string; at: string };
}

/**
 * The onboarding ended by an operator's decision (issue 21): REJECTED, a claim held for review refused;
 * RELEASED, a contested EIN taken from its claimant. Either way the EIN is free to onboard again, and the
 * charity is no longer listed or paid. (Expiry, 7 days without a verified payout account, is not an event:
 * it follows from the time and the events, see charity.decider.ts.)
 */
export interface CharityOnboardingClosed {
  type: 'CharityOnboardingClosed';
  data: {
    charityId: string;
    cause: 'REJECTED' | 'RELEASED';
    /** The claimant, who may not claim this EIN again after a rejection. */
    managerId: string;
    operator: string;
    note: string;
    at: string;
  };
}

/**
 * The manager set the charity's logo (issue 23). The image itself is in `charity_logos`, redrawn from its
 * pixels and named by its bytes' hash (`logoId`); the event names it, as facts name what they are about.
 */
export interface CharityLogoChanged {
  type: 'CharityLogoChanged';
  data: {
    charityId: string;
    /** The first 32 hex digits of the SHA-256 of the stored image: also the version in its URL. */
    logoId: string;
    contentType: 'image/png' | 'image/jpeg' | 'image/webp';
    at: string;
  };
}

/**
 * The manager removed the charity's logo (issue 23): its monogram shows again. A fact of its own, never
 * an edit of the CharityLogoChanged before it; the image stays in `charity_logos`, where the old
 * version's URL still names it.
 */
export interface CharityLogoRemoved {
  type: 'CharityLogoRemoved';
  data: { charityId: string; at: string };
}

export type CharityEvent =
  | CharityOnboardingStarted
  | CharityContactEmailChanged
  | CharityPaymentAccountLinked
  | CharityPaymentAccountUpdated
  | CharityEmailVerified
  | CharityPublished
  | CharityReviewApproved
  | CharityOnboardingClosed
  | CharityLogoChanged
  | CharityLogoRemoved;

export const CHARITY_EVENT_TYPES: readonly CharityEvent['type'][] = [
  'CharityOnboardingStarted',
  'CharityContactEmailChanged',
  'CharityPaymentAccountLinked',
  'CharityPaymentAccountUpdated',
  'CharityEmailVerified',
  'CharityPublished',
  'CharityReviewApproved',
  'CharityOnboardingClosed',
  'CharityLogoChanged',
  'CharityLogoRemoved',
];
