import type { ReferralOption } from '@arena/contracts';
import type { AvatarContentType } from '../domain/avatar-image';
import type { CodeChannel } from '../domain/one-time-code';

/**
 * What the application services take, already validated and normalised at the edge (the
 * controllers' DTOs); nothing here knows about HTTP.
 */
export interface SignUpRequest {
  username: string;
  email: string;
  /** E.164. */
  phoneNumber: string;
  referralCode?: string;
  /** The reward the referral link chose; kept only with a referral code. */
  referralOption?: ReferralOption;
  /** The web form's consent boxes; false when the call did not carry them (then nothing was agreed). */
  acceptedTerms: boolean;
  confirmedAdultInUs: boolean;
}

export interface CodeEntry {
  sessionId: string;
  otpCode: string;
}

export interface LoginRequest {
  emailOrPhone: { channel: CodeChannel; value: string };
}

export interface ResendCodeRequest {
  sessionId: string;
  channel?: CodeChannel;
}

export interface ContactResendRequest {
  sessionId: string;
}

export interface AvatarUpload {
  image: { contentType: AvatarContentType; bytes: Buffer };
}
