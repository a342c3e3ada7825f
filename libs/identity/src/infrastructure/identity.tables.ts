import type { ReferralOption } from '@arena/contracts';
import type { Generated, Selectable } from 'kysely';
import type { AvatarContentType } from '../domain/avatar-image';
import type { CodeChannel } from '../domain/one-time-code';

export type SessionPurpose = 'signup' | 'login' | 'email_change' | 'phone_change';

/** The identity context's tables, as its repositories see them. */
export interface IdentityTables {
  accounts: {
    id: string;
    username: string;
    email: string;
    phone_number: string;
    referral_code: string;
    referred_by_code: string | null;
    referral_option: ReferralOption | null;
    terms_version: string | null;
    terms_accepted_at: Date | null;
    confirmed_adult_in_us: boolean;
    email_changed_at: Date | null;
    phone_changed_at: Date | null;
    closed_at: Date | null;
    erase_after: Date | null;
    erased_at: Date | null;
  };
  auth_sessions: {
    id: string;
    purpose: SessionPurpose;
    account_id: string | null;
    username: string | null;
    email: string | null;
    phone_number: string | null;
    referred_by_code: string | null;
    referral_option: ReferralOption | null;
    terms_version: string | null;
    terms_accepted_at: Date | null;
    /** Sign-ups only: the form's adult-in-the-US box (false when not ticked, the default). */
    confirmed_adult_in_us: Generated<boolean>;
    email_verified_at: Date | null;
    phone_verified_at: Date | null;
    completed_at: Date | null;
    created_at: Date;
    expires_at: Date;
  };
  auth_codes: {
    id: string;
    session_id: string;
    channel: CodeChannel;
    code_hash: string;
    failed_attempts: number;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
    superseded_at: Date | null;
  };
  account_avatars: {
    account_id: string;
    content_type: AvatarContentType;
    image: Buffer;
    updated_at: Date;
  };
  refresh_token_families: {
    id: string;
    account_id: string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    revoked_reason: string | null;
    /** The device the sign-in was made from (Security & Settings); null for sign-ins made before it was kept. */
    user_agent: string | null;
    ip_address: string | null;
  };
  /** Members whose personal data was erased: read models show `erased_name` for them. */
  erased_members: { member_id: string; erased_name: string; erased_at: Date };
  refresh_tokens: {
    token_hash: string;
    family_id: string;
    issued_at: Date;
    used_at: Date | null;
    /** The pair this token was rotated into, sealed under the token (`domain/sealed-successor.ts`). */
    successor_sealed: string | null;
  };
}

export type AccountRow = Selectable<IdentityTables['accounts']>;
export type AuthSessionRow = Selectable<IdentityTables['auth_sessions']>;
export type AuthCodeRow = Selectable<IdentityTables['auth_codes']>;
