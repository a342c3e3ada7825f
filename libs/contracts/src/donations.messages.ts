/**
 * What the donation calls and screens say (issue 12; spec §2 "Donate page", §5, §8). The spec's own
 * words where it has them; our words, kept here once, where it only names a meaning.
 */
/** The longest name a donor may show on the public ledger. */
export const DONOR_NAME_MAX_LENGTH = 40;
/** Names the ledger already uses for others: a donor cannot take them. */
export const RESERVED_DONOR_NAMES = ['anonymous donor', 'charity arena'] as const;

export const DonationMessages = {
  amountNotInteger: 'Enter the amount as a whole number of cents.',
  amountTooSmall: 'The smallest donation is $1 (100 cents).',
  amountNotWholeDollars: 'Donations are in whole dollars: the amount must be a multiple of 100 cents.',
  amountTooLarge: 'The largest donation online is $10,000. Contact us to give more.',
  invalidEmail: 'Enter a valid email address, or leave it empty.',
  donorNameTooLong: `The name shown on the ledger can be at most ${DONOR_NAME_MAX_LENGTH} characters.`,
  donorNameMissing: 'Enter the name to show, or choose Anonymous donor.',
  donorNameReserved: 'That name is kept for the platform. Choose another, or give anonymously.',
  paymentConfigurationMissing: 'Payment configuration is missing. Donations are unavailable right now.',
  errorLoadingPaymentSystem: 'Error loading payment system',
  paymentSystemNotReady: 'Payment system not ready',
  errorProcessingDonation: 'Error processing donation',
  tooManyCheckouts: 'Too many donation attempts. Please wait a few minutes and try again.',
  charityNotVerified: 'This charity cannot receive donations yet: its payout account is not verified.',
  /** The payout modal (spec §5, §8). */
  invalidCharityAndAmount: 'Please enter a valid charity and amount.',
  payoutOverBalance: 'The amount is more than your directable balance.',
  payoutRequested: 'Your donation is directed: it is held until the next transfer window.',
  receiptNotFound: 'Receipt not found',
  financeOnly: 'Only the finance team can see this.',
  /** Monthly gifts (issue 23). */
  invalidFrequency: "Choose 'once' or 'monthly'.",
  monthlyGiftNotFound: 'No such monthly gift of yours.',
  monthlyGiftCanceled: 'Your monthly gift is cancelled. No further payments will be taken.',
} as const;

/** How often a gift is given (issue 23): once (the spec's gift) or every month. */
export const GIFT_FREQUENCIES = ['once', 'monthly'] as const;
export type GiftFrequency = (typeof GIFT_FREQUENCIES)[number];

/** The home ledger's status labels (spec §4): an unknown status reads as pending. */
export const DONATION_STATUS_LABELS = {
  cleared: 'Cleared to Nonprofit (Payment Transfer Confirmed)',
  pending: 'Verified with the payment provider (Pending Nonprofit Receipt)',
  held: 'Platform-Held (Pending Transfer Window)',
  /** Issue 20: a transfer reversal brought it back to the platform; it is sent again in a later window. */
  reversed: 'Returned to Charity Arena (Sent Again in a Later Transfer Window)',
  refunded: 'Refunded to the donor',
} as const;

export function donationStatusLabel(status: string): string {
  return status === 'cleared' || status === 'held' || status === 'reversed' || status === 'refunded'
    ? DONATION_STATUS_LABELS[status]
    : DONATION_STATUS_LABELS.pending;
}

/** Spec §9: presets, minimum, step and default of the donate page, in cents. */
export const DONATION_PRESETS_CENTS = [500, 1000, 2500, 5000] as const;
export const DONATION_MIN_CENTS = 100;
export const DONATION_STEP_CENTS = 100;
export const DONATION_DEFAULT_CENTS = 500;
export const DONATION_MAX_CENTS = 1_000_000;

/**
 * A provider id as the public ledger shows it (spec §3): first 4 … last 4 when longer than 6.
 */
export function maskProviderId(id: string | null): string | null {
  if (id === null) return null;
  return id.length > 6 ? `${id.slice(0, 4)}…${id.slice(-4)}` : id;
}
