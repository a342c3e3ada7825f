import { z } from 'zod';
import { DONATION_STATUSES, ein } from './charities.contract';
import {
  CONTROL_OR_FORMAT_MESSAGE,
  LINK_OR_ADDRESS_MESSAGE,
  containsLinkOrEmailAddress,
  hasControlOrFormatCharacters,
} from './text.rules';
import {
  DONOR_NAME_MAX_LENGTH,
  RESERVED_DONOR_NAMES,
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  DONATION_STEP_CENTS,
  DonationMessages as M,
  GIFT_FREQUENCIES,
} from './donations.messages';

/**
 * Donations (issue 12; spec §2 "Donate page", §3, §4, §7): gifts through checkout, prize shares directed
 * by winners, the home page's Verified Donation Ledger, receipts, and a member's balances and history.
 * Money is integer cents (`…Cents`; the checkout body keeps the spec's `amount_cents`).
 */

/** An amount of a gift: whole dollars from $1, in cents; each rule with its own message. */
export const donationAmountCents = z
  .number({ error: M.amountNotInteger })
  .int(M.amountNotInteger)
  .min(DONATION_MIN_CENTS, M.amountTooSmall)
  .max(DONATION_MAX_CENTS, M.amountTooLarge)
  .refine((cents) => cents % DONATION_STEP_CENTS === 0, M.amountNotWholeDollars);

/**
 * The name a donor chooses to be shown under on the public ledger; empty or absent gives anonymously
 * ('Anonymous donor'). Other people read it: no invisible characters, links or addresses, and not a name
 * the ledger uses for others.
 */
export const donorName = z
  .string()
  .trim()
  .max(DONOR_NAME_MAX_LENGTH, M.donorNameTooLong)
  .refine((name) => !hasControlOrFormatCharacters(name), CONTROL_OR_FORMAT_MESSAGE)
  .refine((name) => !containsLinkOrEmailAddress(name), LINK_OR_ADDRESS_MESSAGE)
  .refine(
    (name) => !(RESERVED_DONOR_NAMES as readonly string[]).includes(name.replace(/\s+/g, ' ').toLowerCase()),
    M.donorNameReserved,
  );

/** POST /api/stripe/checkout (spec §7): amount_cents, email (optional); a charity from Donate Now. */
export const donationCheckoutBody = z
  .object({
    amount_cents: donationAmountCents,
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.union([z.literal(''), z.email(M.invalidEmail)]))
      .optional()
      .transform((value) => value || undefined),
    /** Donate Now on a charity's profile: the gift is directed to it. */
    charityEin: ein.optional(),
    /** Shown on the public ledger for this gift; absent or empty: 'Anonymous donor'. */
    donorName: donorName.optional().transform((value) => value || undefined),
    /**
     * Issue 23: 'monthly' gives the amount every month (a subscription at the payment provider, each paid
     * month one donation); absent or 'once' is the spec's one-time gift.
     */
    frequency: z.enum(GIFT_FREQUENCIES, { error: M.invalidFrequency }).optional(),
  })
  .meta({ id: 'DonationCheckoutBody' });
export type DonationCheckoutBody = z.input<typeof donationCheckoutBody>;

/** Spec §7: "ok, url, or error". Not in the usual envelope: the spec fixes this answer's shape. */
export const donationCheckoutAnswer = z
  .object({ ok: z.literal(true), url: z.string(), sessionId: z.string() })
  .meta({ id: 'DonationCheckoutAnswer' });
export type DonationCheckoutAnswer = z.infer<typeof donationCheckoutAnswer>;

/** A monthly gift as its donor sees it on their profile (issue 23). */
export const monthlyGift = z
  .object({
    /** The provider's subscription id: what cancelling names. */
    subscriptionId: z.string(),
    amountCents: z.number().int(),
    /** The charity it goes to; null: the donation pool. */
    charityEin: z.string().nullable(),
    nonprofit: z.string().nullable(),
    status: z.enum(['active', 'canceled']),
    startedAt: z.iso.datetime(),
    canceledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MonthlyGift' });
export type MonthlyGift = z.infer<typeof monthlyGift>;

export const monthlyGiftList = z.object({ gifts: z.array(monthlyGift) }).meta({ id: 'MonthlyGiftList' });
export type MonthlyGiftList = z.infer<typeof monthlyGiftList>;

/** A provider's subscription id, as cancelling names it: Stripe's `sub_…` (the local driver's too). */
export const MONTHLY_GIFT_SUBSCRIPTION_ID = /^sub_[A-Za-z0-9_]{1,200}$/;

export const donationStatus = z.enum(DONATION_STATUSES);
export type DonationStatus = z.infer<typeof donationStatus>;

/** A donation as the public ledger shows it (spec §3 "Home ledger row"). No donor identity but a chosen name. */
export const publicDonation = z
  .object({
    id: z.string(),
    datetime: z.iso.datetime(),
    receiptCode: z.string(),
    /** The receipt page in the app: /donate/receipt/{receiptCode}. */
    receiptUrl: z.string(),
    /** A winner's username, the name a donor chose at checkout, 'Anonymous donor', or 'Charity Arena'. */
    directedBy: z.string(),
    /** The nonprofit's name; null while a gift waits in the donation pool. */
    nonprofit: z.string().nullable(),
    nonprofitEin: z.string().nullable(),
    amountCents: z.number().int(),
    status: donationStatus,
    /** The provider's id of the payment or transfer, masked (first 4 … last 4). */
    stripeId: z.string().nullable(),
    /** 'Direct gift', a tournament's title, 'Prize balance'. */
    source: z.string(),
  })
  .meta({ id: 'PublicDonation' });
export type PublicDonation = z.infer<typeof publicDonation>;

export const donationListParams = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    status: donationStatus.optional(),
  })
  .meta({ id: 'DonationListParams' });
export type DonationListParams = z.infer<typeof donationListParams>;

export const donationList = z
  .object({ donations: z.array(publicDonation), total: z.number().int() })
  .meta({ id: 'DonationList' });
export type DonationList = z.infer<typeof donationList>;

/** The home page's three summary cards. */
export const donationSummary = z
  .object({
    /** Sent to nonprofits through the payment provider: pending and cleared. */
    totalVerifiedCents: z.number().int(),
    /** Nonprofits directed at least one donation. */
    nonprofitsImpacted: z.number().int(),
    /** Directed, not yet cleared: held and pending. */
    pendingBalanceCents: z.number().int(),
    /** Gifts waiting in the platform-held donation pool, not yet directed. */
    donationPoolCents: z.number().int(),
  })
  .meta({ id: 'DonationSummary' });
export type DonationSummary = z.infer<typeof donationSummary>;

/** Top Challenge Winners (spec §3 "Winner"): by what their wins directed, most first. */
export const topWinner = z
  .object({
    id: z.string(),
    name: z.string(),
    amountCents: z.number().int(),
    /** The nonprofit their latest win went to. */
    nonprofit: z.string().nullable(),
    date: z.iso.datetime(),
    receiptCode: z.string().nullable(),
  })
  .meta({ id: 'TopWinner' });
export const topWinners = z
  .object({ winners: z.array(topWinner), total: z.number().int() })
  .meta({ id: 'TopWinners' });
export type TopWinners = z.infer<typeof topWinners>;
export const topWinnersParams = z
  .object({ limit: z.coerce.number().int().min(1).max(100).default(6) })
  .meta({ id: 'TopWinnersParams' });

/** GET /api/donations/receipts/{receiptCode}: one donation's receipt and its history. */
export const donationReceipt = z
  .object({
    donation: publicDonation,
    history: z.array(
      z.object({
        // Issue 20: a payout failure, a reversal, a refund, and a dispute opened and closed (won or lost) are
        // steps of a donation's history.
        status: z.enum([
          'received',
          'directed',
          'pending',
          'cleared',
          'failed',
          'payout-failed',
          'reversed',
          'refunded',
          'disputed',
          'dispute-won',
          'dispute-lost',
        ]),
        at: z.iso.datetime(),
        note: z.string().nullable(),
      }),
    ),
    /** The ledger entries this donation's events became (their ids, for /ledger's proofs). */
    ledgerEntryIds: z.array(z.string()),
  })
  .meta({ id: 'DonationReceipt' });
export type DonationReceipt = z.infer<typeof donationReceipt>;

/** A prize share the member won without a chosen charity, and what is left of it to direct. */
export const prizeShare = z
  .object({
    shareId: z.string(),
    tournamentId: z.string(),
    tournamentTitle: z.string(),
    rank: z.number().int(),
    amountCents: z.number().int(),
    remainingCents: z.number().int(),
    /** After this date Charity Arena directs what is left. */
    directBy: z.iso.datetime(),
  })
  .meta({ id: 'PrizeShare' });

/** GET /api/donations/mine: the profile's Donations section and Impact Summary. */
export const memberDonations = z
  .object({
    /** Won without a chosen charity: the member directs it ('Request Charity Payout'). */
    directableCents: z.number().int(),
    heldCents: z.number().int(),
    pendingCents: z.number().int(),
    clearedCents: z.number().int(),
    /** Everything the member's wins and gifts directed. */
    totalDonatedCents: z.number().int(),
    donationCount: z.number().int(),
    charitiesSupported: z.number().int(),
    shares: z.array(prizeShare),
    history: z.array(publicDonation),
  })
  .meta({ id: 'MemberDonations' });
export type MemberDonations = z.infer<typeof memberDonations>;

/** POST /api/donations/payout-requests: the payout modal (spec §5: a charity, an amount above 0). */
export const payoutRequestBody = z
  .object({
    /** The client's id of this request: a retried request directs once. */
    requestId: z.uuid(),
    charityEin: ein,
    amountCents: z
      .number({ error: M.invalidCharityAndAmount })
      .int(M.invalidCharityAndAmount)
      .min(1, M.invalidCharityAndAmount)
      .max(100_000_000, M.invalidCharityAndAmount),
  })
  .meta({ id: 'PayoutRequestBody' });
export type PayoutRequestBody = z.infer<typeof payoutRequestBody>;

export const payoutRequestAnswer = z
  .object({ donation: publicDonation, directableCents: z.number().int() })
  .meta({ id: 'PayoutRequestAnswer' });
export type PayoutRequestAnswer = z.infer<typeof payoutRequestAnswer>;

/** The home carousel (spec §2, §3 "Impact story"): stories onboarded charities publish, most liked first. */
export const featuredStory = z
  .object({
    id: z.uuid(),
    title: z.string(),
    excerpt: z.string(),
    videoUrl: z.string().nullable(),
    nonprofit: z.string(),
    nonprofitEin: z.string(),
    likes: z.number().int(),
    /** Whether the signed-in member liked it (false for guests). */
    likedByMe: z.boolean(),
    publishedAt: z.iso.datetime(),
  })
  .meta({ id: 'FeaturedStory' });
export const featuredStories = z.object({ stories: z.array(featuredStory) }).meta({ id: 'FeaturedStories' });
export type FeaturedStories = z.infer<typeof featuredStories>;
export type FeaturedStory = z.infer<typeof featuredStory>;

export const storyLike = z
  .object({ storyId: z.uuid(), likes: z.number().int(), likedByMe: z.boolean() })
  .meta({ id: 'StoryLike' });
export type StoryLike = z.infer<typeof storyLike>;

/** POST /api/finance/transfer-window (operators and finance): run a transfer window now. */
export const transferWindowRun = z
  .object({
    windowId: z.string(),
    transfers: z.array(
      z.object({
        charityEin: z.string(),
        transferId: z.string(),
        amountCents: z.number().int(),
        donationCount: z.number().int(),
      }),
    ),
    /** Verified charities only: the others keep their donations held. */
    skippedCharities: z.array(z.object({ charityEin: z.string(), reason: z.string() })),
  })
  .meta({ id: 'TransferWindowRun' });
export type TransferWindowRun = z.infer<typeof transferWindowRun>;
