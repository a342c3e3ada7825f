/** The charities context's state tables (migrations/20261123100200-CharityOnboarding.ts). */
export interface CharitiesTables {
  charity_onboardings: {
    charity_id: string;
    ein: string;
    manager_id: string;
    stripe_account_id: string | null;
    created_at: Date;
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
  /** migrations/20261124100400-ImpactStoryLikes.ts */
  impact_story_likes: { story_id: string; member_id: string; liked_at: Date };
}
