/**
 * The charity screens' and calls' messages, word for word from the product spec (sections 2, 5 and 8),
 * plus the few this product adds (marked). The server answers with these where a call fails for the
 * reason they name; the web shows them.
 */
export const CharityMessages = {
  // Search and lists (spec §8)
  failedToProcessCharityData: 'Failed to process charity data',
  failedToFetchOnboarded: 'Failed to fetch onboarded charities',
  failedToLoadFavorites: 'Failed to load favorite charities',
  failedToAddFavorite: 'Failed to add favorite',
  failedToRemoveFavorite: 'Failed to remove favorite',
  noCharitiesFound: 'No charities found. Try adjusting your search criteria or add your charity below.',
  noCharitiesAvailable: 'No charities available at the moment.',
  // Favorites need a signed-in member (spec §5)
  logInToFavorite: 'Please log in to add charities to your favorites list',
  mustLogInToAddFavorite: 'You must be logged in to add favorites',
  mustLogInToRemoveFavorite: 'You must be logged in to remove favorites',
  // Invitation (spec §8)
  invitationSent: 'Charity invitation sent successfully!',
  invitationFailed: 'Failed to send invitation. Please try again.',
  // Profile and detail (spec §2, §4, §8)
  loadingProfile: 'Loading charity profile...',
  errorLoadingCharity: 'Error Loading Charity',
  charityNotFound: 'Charity not found',
  einNotProvided: 'Charity EIN not provided',
  failedToLoadCharity: 'Failed to load charity data',
  pendingVerification: 'Pending verification',
  verifiedCharity: 'Verified Charity',
  ledgerNote: 'Verified donations synced from the payment provider.',
  ledgerSearchPlaceholder: 'Search ledger (name, source, impact)',
  // Onboarding (spec §8)
  failedToLinkPaymentAccount: 'Failed to link payment account',
  noOnboardingData: 'No onboarding data found. Please start the process again.',
  missingPaymentAccount: 'Missing payment account information. Please try again.',
  // Added by this product
  malformedEin: 'EIN must be nine digits, as in 12-3456789',
  einAndNameRequired: 'EIN and organization name are required',
  organizationNameTooLong: 'The organization name must be at most 200 characters.',
  organizationNameInvisible: 'The organization name cannot contain invisible or control characters.',
  descriptionInvalid: 'The description must be text of at most 2000 characters.',
  categoryNonprofit: "The category must be 'nonprofit'.",
  charityEmailInvalid: 'Please enter a valid charity email address.',
  alreadyOnboardedByAnother:
    'This charity is already being onboarded by another account. If you represent it, send us a support ' +
    'message (Profile → Support, topic “Report an issue”) with its EIN: an operator reviews the claim and ' +
    'can release the charity to you.',
  onboardingLimitReached:
    'You already have two charity onboardings open. Finish one, or wait until it expires 7 days after it ' +
    'started, before you start another.',
  heldForReview:
    'The charity email is not on the domain of the website we have on record for this organization, so ' +
    'no code is sent: an operator will review this charity before it is listed or paid.',
  onboardingClosed: 'This onboarding has ended. Start again from the charity’s EIN.',
  claimRefused:
    'An operator refused your claim to this charity. If you think this is a mistake, send us a support message.',
  notInDirectoryNeedsReview:
    'This EIN is not in our directory: an operator will review the charity before it is listed or paid.',
  inviteNeedsDirectoryEin: 'Choose the charity from the directory: we have no nonprofit with that EIN.',
  invitationsDailyLimit:
    'We have sent as many charity invitations as we can today. Please try again tomorrow.',
  notCharityManager: 'Only the account that onboarded this charity can do that',
  onboardingCodeSent: 'Verification code sent! Check the charity email.',
  onboardingCodeInvalid: 'Enter the 6-digit code from the charity email.',
  onboardingCodeWrongOrExpired: 'That code is wrong or has expired. Request a new one.',
  ratingsNeedCharityNavigator:
    'Star ratings are not available for these listings yet, so the rating filter changes nothing for now.',
  unsupportedGraphqlOperation: 'Only the publicSearchFaceted and charity-by-EIN queries are supported',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  // A charity's logo (issue 23)
  logoInvalid: 'Choose a PNG, JPEG or WebP image for the logo.',
  logoTooLarge: 'The logo must be 256 KB or smaller.',
  logoUnreadable: 'This logo could not be read. Choose another PNG, JPEG or WebP image.',
  logoUpdated: 'Logo updated.',
  logoRemoved: 'Logo removed.',
  failedToRemoveLogo: 'Failed to remove the logo',
  logoNotFound: 'No logo found.',
  failedToUpdateLogo: 'Failed to update the logo',
} as const;

/** The ledger card's captions and toggle labels (spec §2). */
export const ledgerCaption = {
  recent: (count: number) => `Showing ${count} recent entries`,
  all: (count: number) => `Showing all ${count} entries`,
  viewAll: 'View all entries',
  collapse: 'Collapse',
} as const;
