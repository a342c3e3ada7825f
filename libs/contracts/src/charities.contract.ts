import { z } from 'zod';
import { CharityMessages as M } from './charities.messages';
import { IMAGE_DATA_URL } from './identity.contract';
import {
  CONTROL_OR_FORMAT_MESSAGE,
  LINK_OR_ADDRESS_MESSAGE,
  containsLinkOrEmailAddress,
  hasControlOrFormatCharacters,
} from './text.rules';

/**
 * Charities (issue 11; spec §2, §3, §7): onboarded charities, profiles by EIN, favorites, invitations,
 * onboarding with a connected payout account and an email code, and the stories a charity publishes.
 * Money is integer cents (`…Cents`).
 */

/** An EIN as the IRS writes it: nine digits; "12-3456789" is accepted and stored without the dash. */
export const ein = z
  .string()
  .trim()
  .transform((value) => value.replace('-', ''))
  .pipe(z.string().regex(/^\d{9}$/, M.malformedEin));

export { charityLogoUrl, formatEin, LOGO_TYPES, MAX_LOGO_BYTES } from './charities.rules';

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** A name someone typed that others will read: no invisible or control characters (text.rules.ts). */
const displayName = (max: number) =>
  requiredText(max).refine((value) => !hasControlOrFormatCharacters(value), CONTROL_OR_FORMAT_MESSAGE);

/** A name in an email we send for a stranger: also no links or addresses to smuggle in. */
const plainName = (max: number) =>
  text(max)
    .refine((value) => !hasControlOrFormatCharacters(value), CONTROL_OR_FORMAT_MESSAGE)
    .refine((value) => !containsLinkOrEmailAddress(value), LINK_OR_ADDRESS_MESSAGE);

/** The payout account's state: none yet, created but not able to take payouts, or able to. */
export const PAYMENT_ACCOUNT_STATUSES = ['NONE', 'PENDING', 'VERIFIED'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

/**
 * A charity as the product holds it (spec §3). `email` is the spec's field, but the contact email is not
 * public: it is always null here (the manager sees a hint in the onboarding status). `stripeAccountId` is
 * masked (first 4 … last 4). totalReceived (US dollars, the spec's field), totalReceivedCents and
 * donationCount come from the donations the charity was directed.
 */
export const charity = z
  .object({
    id: z.uuid(),
    name: z.string(),
    ein: z.string(),
    description: z.string().nullable(),
    email: z.null(),
    category: z.string(),
    website: z.string().nullable(),
    logoUrl: z.string().nullable(),
    charityNavigatorUrl: z.string().nullable(),
    /** Out of 100; null without a Charity Navigator rating. */
    encompassScore: z.number().nullable(),
    /** Out of 5 (Charity Navigator gives 0 to 4); null without a rating. */
    starRating: z.number().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    country: z.string(),
    stripeAccountId: z.string().nullable(),
    paymentAccountStatus: z.enum(PAYMENT_ACCOUNT_STATUSES),
    emailVerified: z.boolean(),
    isActive: z.boolean(),
    /** Payouts enabled on the connected account and the charity's email confirmed. */
    isVerified: z.boolean(),
    /** US dollars (totalReceivedCents / 100). */
    totalReceived: z.number(),
    totalReceivedCents: z.number().int(),
    donationCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Charity' });
export type Charity = z.infer<typeof charity>;

/** GET /api/charities/{id}: spec §7 answers the charity itself, so its fields sit at the top level too. */
export const charityAnswer = z
  .object({ success: z.literal(true), data: charity })
  .extend(charity.shape)
  .meta({ id: 'CharityAnswer' });

/** GET /api/charities */
export const listCharitiesParams = z
  .object({
    term: text(100).default(''),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .meta({ id: 'ListCharitiesParams' });
export type ListCharitiesParams = z.infer<typeof listCharitiesParams>;

export const charityList = z
  .object({ charities: z.array(charity), total: z.number().int() })
  .meta({ id: 'CharityList' });
export type CharityList = z.infer<typeof charityList>;

/**
 * GET /api/charities/ein/{ein}: an onboarded charity, or a nonprofit of the bundled data set that has not
 * onboarded yet (then `id` is null and it is not verified). `managedByMe` is true for the member who
 * onboarded it.
 */
export const charityProfile = charity
  .extend({ id: z.uuid().nullable(), onboarded: z.boolean(), managedByMe: z.boolean() })
  .meta({ id: 'CharityProfile' });
export type CharityProfile = z.infer<typeof charityProfile>;

// ---------------------------------------------------------------- favorites (spec §3)

export const favoriteCharity = z
  .object({
    id: z.uuid(),
    charity: z.object({
      /** Our charity id when it has onboarded, else null. */
      id: z.uuid().nullable(),
      name: z.string(),
      logoUrl: z.string().nullable(),
      category: z.string().nullable(),
      ein: z.string(),
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'FavoriteCharity' });
export type FavoriteCharity = z.infer<typeof favoriteCharity>;

export const favoriteCharityList = z
  .object({ favoriteCharities: z.array(favoriteCharity) })
  .meta({ id: 'FavoriteCharityList' });
export type FavoriteCharityList = z.infer<typeof favoriteCharityList>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** POST /api/charities/favorites: the search result the heart was on. Only ein and name are required. */
export const addFavoriteBody = z
  .object({
    externalCharityData: z.object({
      name: displayName(200),
      ein,
      mission: optionalText(5000),
      organization_url: optionalText(500),
      charity_navigator_url: optionalText(500),
      encompass_score: z.number().min(0).max(100).nullable().optional(),
      encompass_star_rating: z.number().min(0).max(5).nullable().optional(),
      cause: optionalText(100),
      street: optionalText(200),
      city: optionalText(100),
      state: optionalText(50),
      zip: optionalText(20),
      country: optionalText(100),
    }),
  })
  .meta({ id: 'AddFavoriteBody' });
export type AddFavoriteBody = z.infer<typeof addFavoriteBody>;

/** DELETE /api/charities/favorites */
export const removeFavoriteBody = z.object({ ein }).meta({ id: 'RemoveFavoriteBody' });
export type RemoveFavoriteBody = z.infer<typeof removeFavoriteBody>;

// ---------------------------------------------------------------- invitation (spec §3, §5)

/**
 * POST /api/charities/invite-charity (signed-in members): the organization is named by its EIN and its
 * name comes from the directory, never from the caller; `name` greets the person at the charity and may
 * hold no link or address.
 */
export const inviteCharityBody = z
  .object({
    name: plainName(100).default(''),
    email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
    ein,
  })
  .meta({ id: 'InviteCharityBody' });
export type InviteCharityBody = z.infer<typeof inviteCharityBody>;

// ---------------------------------------------------------------- onboarding (spec §2, §3, §4)

/**
 * POST /api/charities/stripe/link: the spec's payload (ein, organizationName, description, category
 * 'nonprofit'). `email` (our addition, optional) is where the one-time code of step 4 goes; without it the
 * manager's own account email is the charity's contact. Every refusal says what to fix, in the spec's words
 * where it has them.
 */
export const stripeLinkBody = z
  .object({
    ein: z.string({ error: M.einAndNameRequired }).trim().min(1, M.einAndNameRequired).pipe(ein),
    /** Used only for an EIN the directory does not hold (then an operator reviews it): else the record's. */
    organizationName: z
      .string({ error: M.einAndNameRequired })
      .trim()
      .min(1, M.einAndNameRequired)
      .max(200, M.organizationNameTooLong)
      .refine((value) => !hasControlOrFormatCharacters(value), M.organizationNameInvisible),
    description: z
      .string({ error: M.descriptionInvalid })
      .trim()
      .max(2000, M.descriptionInvalid)
      .nullish()
      .transform((value) => value ?? ''),
    category: z
      .literal('nonprofit', { error: M.categoryNonprofit })
      .nullish()
      .transform(() => 'nonprofit' as const),
    email: z
      .string({ error: M.charityEmailInvalid })
      .trim()
      .max(254, M.charityEmailInvalid)
      .pipe(z.email(M.charityEmailInvalid))
      .optional(),
  })
  .meta({ id: 'StripeLinkBody' });
export type StripeLinkBody = z.infer<typeof stripeLinkBody>;

/** IN_PROGRESS: go to verificationUrl (the provider's hosted onboarding); COMPLETE: payouts enabled already. */
export const STRIPE_LINK_STATUSES = ['IN_PROGRESS', 'COMPLETE'] as const;

/** The spec's answer, flat: success, stripeAccountId, charityId, verificationUrl, stripeStatus, message. */
export const stripeLinkAnswer = z
  .object({
    success: z.literal(true),
    stripeAccountId: z.string(),
    charityId: z.uuid(),
    verificationUrl: z.string().nullable(),
    stripeStatus: z.enum(STRIPE_LINK_STATUSES),
    message: z.string(),
  })
  .meta({ id: 'StripeLinkAnswer' });
export type StripeLinkAnswer = z.infer<typeof stripeLinkAnswer>;

export const ONBOARDING_VERIFICATIONS = ['EMAIL_CODE', 'OPERATOR_REVIEW'] as const;
export type OnboardingVerification = (typeof ONBOARDING_VERIFICATIONS)[number];
/** NONE: no review asked (the email code confirms it); PENDING: waiting for an operator; APPROVED. */
export const REVIEW_STATUSES = ['NONE', 'PENDING', 'APPROVED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** EXPIRED: 7 days without a verified payout account; REJECTED / RELEASED: by an operator. */
export const ONBOARDING_CLOSURES = ['EXPIRED', 'REJECTED', 'RELEASED'] as const;
export type OnboardingClosure = (typeof ONBOARDING_CLOSURES)[number];

/** GET /api/charities/onboarding/{charityId}: where the manager's onboarding stands (to resume it). */
export const onboardingStatus = z
  .object({
    charityId: z.uuid(),
    ein: z.string(),
    organizationName: z.string(),
    stripeAccountId: z.string(),
    paymentAccountStatus: z.enum(PAYMENT_ACCOUNT_STATUSES),
    /** The charity email with most of it hidden: "d***@example.org". */
    emailHint: z.string(),
    emailVerified: z.boolean(),
    isVerified: z.boolean(),
    /**
     * How the organization is confirmed: a code to the charity email when its domain is the website's on
     * record (EMAIL_CODE), else an operator's review (OPERATOR_REVIEW).
     */
    verification: z.enum(ONBOARDING_VERIFICATIONS),
    review: z.enum(REVIEW_STATUSES),
    /** When the EIN frees if no payout account is verified by then; null once one is. */
    expiresAt: z.iso.datetime().nullable(),
    /** Why the onboarding ended (the EIN is free again), or null while it lives. */
    closed: z.enum(ONBOARDING_CLOSURES).nullable(),
    /**
     * The charity's logo as its manager set it (issue 23), null without one. Others see it (`logoUrl` of
     * the charity) only once the charity is published.
     */
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'OnboardingStatus' });
export type OnboardingStatus = z.infer<typeof onboardingStatus>;

/** GET /api/charities/managed: the charities the member onboards or has onboarded, newest first. */
export const managedCharities = z
  .object({ charities: z.array(onboardingStatus) })
  .meta({ id: 'ManagedCharities' });
export type ManagedCharities = z.infer<typeof managedCharities>;

/**
 * PUT /api/charities/onboarding/{charityId}/logo (the charity's manager only): a PNG, JPEG or WebP image
 * as a base64 data URL. What it is comes from its bytes, not the data URL's declared type; the server
 * keeps only the image redrawn from its pixels (issue 23).
 */
export const charityLogoBody = z
  .object({ image: z.string({ error: M.logoInvalid }).regex(IMAGE_DATA_URL, M.logoInvalid) })
  .meta({ id: 'CharityLogoBody' });
export type CharityLogoBody = z.infer<typeof charityLogoBody>;

/** One-time code of step 4: 6 digits (spec §9), resend after 60 s. */
export const ONBOARDING_CODE_LENGTH = 6;
export const ONBOARDING_RESEND_SECONDS = 60;

/** POST /api/charities/onboarding/{charityId}/code takes no body. */
export const onboardingCodeSent = z
  .object({ emailHint: z.string(), resendAfterSeconds: z.number().int() })
  .meta({ id: 'OnboardingCodeSent' });
export type OnboardingCodeSent = z.infer<typeof onboardingCodeSent>;

/** POST /api/charities/onboarding/{charityId}/verify */
export const verifyOnboardingCodeBody = z
  .object({
    otpCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, M.onboardingCodeInvalid),
  })
  .meta({ id: 'VerifyOnboardingCodeBody' });
export type VerifyOnboardingCodeBody = z.infer<typeof verifyOnboardingCodeBody>;

// ---------------------------------------------------------------- impact stories

export const impactStory = z
  .object({
    id: z.uuid(),
    title: z.string(),
    caption: z.string(),
    /** An https link to a video, when the story has one. */
    videoUrl: z.string().nullable(),
    publishedAt: z.iso.datetime(),
  })
  .meta({ id: 'ImpactStory' });
export type ImpactStory = z.infer<typeof impactStory>;

export const impactStoryList = z.object({ stories: z.array(impactStory) }).meta({ id: 'ImpactStoryList' });
export type ImpactStoryList = z.infer<typeof impactStoryList>;

/** POST /api/charities/ein/{ein}/stories: only the member who onboarded the charity. */
export const publishStoryBody = z
  .object({
    title: requiredText(120),
    caption: requiredText(1000),
    videoUrl: z
      .string()
      .trim()
      .max(500)
      .pipe(z.url({ protocol: /^https$/, error: 'Video link must be an https URL' }))
      .nullable()
      .optional(),
  })
  .meta({ id: 'PublishStoryBody' });
export type PublishStoryBody = z.infer<typeof publishStoryBody>;

// ---------------------------------------------------------------- donations to a charity (profile cards)

/** GET /api/charities/ein/{ein}/ledger: the Public Ledger card (spec §2), newest first. */
export const charityLedgerParams = z
  .object({
    search: text(100).default(''),
    limit: z.coerce.number().int().min(1).max(100).default(5),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .meta({ id: 'CharityLedgerParams' });
export type CharityLedgerParams = z.infer<typeof charityLedgerParams>;

/**
 * `reversed` (issue 20): a transfer reversal brought all of it back (held again as a new donation);
 * `refunded`: a gift refunded, or lost in a dispute, in full before its transfer: never sent.
 */
export const DONATION_STATUSES = ['held', 'pending', 'cleared', 'reversed', 'refunded'] as const;

export const charityLedgerEntry = z
  .object({
    id: z.string(),
    date: z.iso.datetime(),
    amountCents: z.number().int(),
    /** A member's username, or 'Anonymous'. */
    donor: z.string(),
    /** Where the money came from: a tournament's title, 'Direct Donate', … */
    source: z.string(),
    /** What it did, in a few words ('1st place', …). */
    impact: z.string(),
    status: z.enum(DONATION_STATUSES),
  })
  .meta({ id: 'CharityLedgerEntry' });
export type CharityLedgerEntry = z.infer<typeof charityLedgerEntry>;

export const charityLedger = z
  .object({ entries: z.array(charityLedgerEntry), total: z.number().int() })
  .meta({ id: 'CharityLedger' });
export type CharityLedger = z.infer<typeof charityLedger>;

/** GET /api/charities/ein/{ein}/supporters: the Supporters dialog (name, note, time). */
export const charitySupporter = z
  .object({ id: z.string(), name: z.string(), note: z.string().nullable(), at: z.iso.datetime() })
  .meta({ id: 'CharitySupporter' });
export const charitySupporters = z
  .object({ supporters: z.array(charitySupporter) })
  .meta({ id: 'CharitySupporters' });
export type CharitySupporters = z.infer<typeof charitySupporters>;

/** GET /api/charities/ein/{ein}/donors: the Recent & Top Donors card. */
export const charityDonor = z
  .object({
    id: z.string(),
    name: z.string(),
    amountCents: z.number().int(),
    note: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'CharityDonor' });
export const charityDonors = z
  .object({ recent: z.array(charityDonor), top: z.array(charityDonor) })
  .meta({ id: 'CharityDonors' });
export type CharityDonors = z.infer<typeof charityDonors>;

/** GET /api/charities/rankings: the Charity Rankings dialog, by amount raised. */
export const charityRanking = z
  .object({
    rank: z.number().int(),
    ein: z.string(),
    name: z.string(),
    raisedCents: z.number().int(),
    supporters: z.number().int(),
  })
  .meta({ id: 'CharityRanking' });
export const charityRankings = z
  .object({ rankings: z.array(charityRanking) })
  .meta({ id: 'CharityRankings' });
export type CharityRankings = z.infer<typeof charityRankings>;

// ---------------------------------------------------------------- operators' review (issue 21)

/**
 * POST /api/admin/charities/{ein}/review (operators, bearer ADMIN_API_KEY). approve: the operator
 * confirmed the organization and its contact another way (the charity is listed, and paid once its payout
 * account is verified); reject: the claim is refused and the EIN frees; release: a contested EIN is taken
 * from its claimant (whatever its stage), so the real organization can onboard it.
 */
export const CHARITY_REVIEW_DECISIONS = ['approve', 'reject', 'release'] as const;
export const charityReviewBody = z
  .object({
    decision: z.enum(CHARITY_REVIEW_DECISIONS),
    note: z.string().trim().min(3, 'Say why, in a few words.').max(500),
  })
  .meta({ id: 'CharityReviewBody' });
export type CharityReviewBody = z.infer<typeof charityReviewBody>;

/** One onboarding as an operator reviews it: the claim beside the directory's record. */
export const charityReviewItem = z
  .object({
    charityId: z.uuid(),
    ein: z.string(),
    organizationName: z.string(),
    /** The directory's name for the EIN, null when the directory does not hold it. */
    directoryName: z.string().nullable(),
    /** The website on record, null when there is none. */
    website: z.string().nullable(),
    /** Only the domain of the contact email (the address itself stays private). */
    emailDomain: z.string(),
    managerId: z.uuid(),
    paymentAccountStatus: z.enum(PAYMENT_ACCOUNT_STATUSES),
    review: z.enum(REVIEW_STATUSES),
    closed: z.enum(ONBOARDING_CLOSURES).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CharityReviewItem' });
export type CharityReviewItem = z.infer<typeof charityReviewItem>;

/** GET /api/admin/charities/reviews: the onboardings waiting for an operator, oldest first. */
export const charityReviewList = z
  .object({ reviews: z.array(charityReviewItem) })
  .meta({ id: 'CharityReviewList' });
export type CharityReviewList = z.infer<typeof charityReviewList>;
