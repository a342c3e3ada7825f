import type { ColumnType } from 'kysely';
import type { ImageContentType } from '@arena/images';

/** Read as T, optional on insert (the column has a default). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * The charities context's state tables (migrations/20261123100200-CharityOnboarding.ts,
 * 20261127182000-PaymentAccountRechecks.ts, 20261127210500-CharityClaims.ts).
 */
export interface CharitiesTables {
  charity_onboardings: {
    charity_id: string;
    ein: string;
    manager_id: string;
    stripe_account_id: string | null;
    created_at: Date;
    /** What the charity's stream last recorded of its account (kept with it, to find pending accounts). */
    payouts_enabled: Defaulted<boolean>;
    /** When the provider was last asked about the account (the return from onboarding, the re-check job). */
    account_checked_at: Defaulted<Date | null>;
    /** 20261127210500-CharityClaims.ts: superseded by a newer onboarding of the EIN, or ended by an operator. */
    closed_at: Defaulted<Date | null>;
    /** The stream's review state: NONE, PENDING (waiting for an operator) or APPROVED. */
    review: Defaulted<string>;
  };
  charity_onboarding_codes: {
    id: string;
    charity_id: string;
    code_hash: string;
    created_at: Date;
    expires_at: Date;
    failed_attempts: number;
    consumed_at: Date | null;
    superseded_at: Date | null;
  };
  charity_impact_stories: {
    id: string;
    charity_id: string;
    title: string;
    caption: string;
    video_url: string | null;
    content_hash: string;
    published_by: string;
    published_at: Date;
  };
  /** migrations/20261128113000-CharityLogos.ts: each redrawn logo, named by its bytes' hash. */
  charity_logos: {
    charity_id: string;
    logo_id: string;
    ein: string;
    content_type: ImageContentType;
    image: Buffer;
    created_at: Date;
  };
  /** migrations/20261124100400-ImpactStoryLikes.ts */
  impact_story_likes: { story_id: string; member_id: string; liked_at: Date };
}
