/** What may be asked of a charity's stream; each names the stream by its EIN. */

export interface StartOnboarding {
  type: 'StartOnboarding';
  data: {
    /** Used only when the stream is new; a resumed onboarding keeps its own id. */
    charityId: string;
    ein: string;
    organizationName: string;
    description: string;
    category: string;
    email: string;
    managerId: string;
    address: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    /** The directory's website for the EIN, null when none. */
    website: string | null;
    inDirectory: boolean;
    at: string;
  };
}

export interface LinkPaymentAccount {
  type: 'LinkPaymentAccount';
  data: { ein: string; stripeAccountId: string; at: string };
}

export interface RecordPaymentAccountUpdate {
  type: 'RecordPaymentAccountUpdate';
  data: {
    ein: string;
    stripeAccountId: string;
    chargesEnabled: boolean;
    payoutsEnabled: boolean;
    detailsSubmitted: boolean;
    providerEventId: string;
    providerCreated: number;
    at: string;
  };
}

/** The code was checked by the caller; `email` is the address it was sent to. */
export interface VerifyEmail {
  type: 'VerifyEmail';
  data: { ein: string; email: string; at: string };
}

/** An operator's decision on a charity (issue 21): see CharityReviewApproved, CharityOnboardingClosed. */
export interface ReviewCharity {
  type: 'ReviewCharity';
  data: {
    ein: string;
    decision: 'approve' | 'reject' | 'release';
    operator: string;
    note: string;
    at: string;
  };
}

/**
 * The manager's new logo, already stored under `logoId` (issue 23). `charityId` is the onboarding the
 * manager asked about: a newer onboarding of the EIN is another charity's, which this never changes.
 */
export interface ChangeLogo {
  type: 'ChangeLogo';
  data: {
    ein: string;
    charityId: string;
    logoId: string;
    contentType: 'image/png' | 'image/jpeg' | 'image/webp';
    at: string;
  };
}

/** The manager takes the logo down (issue 23); as ChangeLogo, only the onboarding `charityId` names. */
export interface RemoveLogo {
  type: 'RemoveLogo';
  data: { ein: string; charityId: string; at: string };
}

export type CharityCommand =
  | StartOnboarding
  | LinkPaymentAccount
  | RecordPaymentAccountUpdate
  | VerifyEmail
  | ReviewCharity
  | ChangeLogo
  | RemoveLogo;
