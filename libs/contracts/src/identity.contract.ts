import { z } from 'zod';
import { AuthMessages as M } from './auth.messages';
import {
  CODE,
  CODE_CHANNELS,
  compactPhone,
  EMAIL_MAX_LENGTH,
  isDisplayableName,
  LOGIN_PHONE,
  REFERRAL_CODE,
  SIGN_UP_PHONE,
  USERNAME,
} from './identity.rules';
import { loginTextableNumber, signUpTextableNumber } from './phone-check';

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

const email = (requiredMessage: string) =>
  requiredString(requiredMessage).max(EMAIL_MAX_LENGTH, M.emailInvalid).pipe(z.email(M.emailInvalid));

const sessionId = z.uuid({ error: M.noSession });

const otpCode = (message: string) => z.string({ error: message }).trim().regex(CODE, message);

/** A member's own phone, at sign-up and when changing it: stored in E.164. */
const memberPhone = z
  .string({ error: M.signUpPhoneInvalid })
  .transform(compactPhone)
  .pipe(z.string().regex(SIGN_UP_PHONE, M.signUpPhoneInvalid))
  .transform((phone, ctx) => signUpTextableNumber(phone) ?? refuse(ctx, M.signUpPhoneInvalid))
  .meta({ description: 'A mobile number in international form, e.g. +14155552671' });

function refuse(ctx: z.core.$RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** The reward the referrer picked on the referral page: 1 recurring, 2 one-time. */
export const REFERRAL_OPTIONS = [1, 2] as const;
export type ReferralOption = (typeof REFERRAL_OPTIONS)[number];

export const signUpBody = z
  .object({
    username: z
      .string({ error: M.usernameRequired })
      .refine(isDisplayableName, M.usernameInvalid)
      .trim()
      .min(1, M.usernameRequired)
      .regex(USERNAME, M.usernameInvalid),
    email: email(M.emailRequired),
    phoneNumber: memberPhone,
    /**
     * From a shared link or the browser's storage, so never a reason to refuse a sign-up: a code
     * without the platform's shape is dropped here, one no open account holds by the sign-up.
     */
    referralCode: z
      .string({ error: M.referralCodeInvalid })
      .trim()
      .nullish()
      .transform((code) => (code && REFERRAL_CODE.test(code) ? code : undefined)),
    referralOption: z
      .union(
        REFERRAL_OPTIONS.map((option) => z.literal(option)),
        { error: M.referralOptionInvalid },
      )
      .nullish()
      .transform((option) => option ?? undefined),
    /**
     * The web form's consent boxes (it refuses to send without them). The spec's own call carries
     * neither, so their absence is no refusal: the sign-up then records that no consent was given.
     */
    acceptedTerms: z
      .boolean({ error: M.termsRequired })
      .optional()
      .transform((given) => given === true),
    confirmedAdultInUs: z
      .boolean({ error: M.termsRequired })
      .optional()
      .transform((given) => given === true),
  })
  .meta({ id: 'SignUpBody' });
export type SignUpBody = z.input<typeof signUpBody>;

export const verifyEmailBody = z
  .object({ sessionId, otpCode: otpCode(M.emailCodeInvalid) })
  .meta({ id: 'VerifyEmailBody' });
export const verifyPhoneBody = z
  .object({ sessionId, otpCode: otpCode(M.phoneCodeInvalid) })
  .meta({ id: 'VerifyPhoneBody' });
export const verifyLoginBody = z
  .object({ sessionId, otpCode: otpCode(M.verificationCodeInvalid) })
  .meta({ id: 'VerifyLoginBody' });
export type VerifyCodeBody = z.input<typeof verifyLoginBody>;

/** An address with an @ is an email; anything else must be a phone number in international form. */
export const loginBody = z
  .object({
    emailOrPhone: z
      .string({ error: M.loginEmailRequired })
      .trim()
      .min(1, M.loginEmailRequired)
      .transform((value, ctx) => {
        if (value.includes('@')) {
          if (!z.email().max(EMAIL_MAX_LENGTH).safeParse(value).success) return refuse(ctx, M.emailInvalid);
          return { channel: 'email' as const, value };
        }
        // The spec's rule is the shape alone (a plus and 8 to 20 digits). A number of that shape that is
        // no textable mobile number can hold no account (sign-up keeps only those), so it is answered
        // like any address no account holds, never refused.
        const phone = compactPhone(value);
        if (!LOGIN_PHONE.test(phone)) return refuse(ctx, M.loginPhoneInvalid);
        return { channel: 'phone' as const, value: loginTextableNumber(phone) ?? phone };
      }),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof loginBody>;

export const resendCodeBody = z
  .object({ sessionId, channel: z.enum(CODE_CHANNELS, { error: M.wrongChannel }).optional() })
  .meta({ id: 'ResendCodeBody' });

/** A signed-in member's new email or phone: the same rules and messages as sign-up. */
export const changeEmailBody = z.object({ email: email(M.emailRequired) }).meta({ id: 'ChangeEmailBody' });
export const changePhoneBody = z.object({ phoneNumber: memberPhone }).meta({ id: 'ChangePhoneBody' });
export const contactResendBody = z.object({ sessionId }).meta({ id: 'ContactResendBody' });

/** An image as a base64 data URL; the server decides what it is from its bytes. */
export const IMAGE_DATA_URL = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/]+={0,2})$/;
export const avatarBody = z
  .object({ image: z.string({ error: M.avatarInvalid }).regex(IMAGE_DATA_URL, M.avatarInvalid) })
  .meta({ id: 'AvatarBody' });

/** The token of an emailed "it was me" link: 32 random bytes, base64url. */
export const UNLOCK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const unlockSignInBody = z
  .object({ token: z.string({ error: M.unlockLinkInvalid }).trim().regex(UNLOCK_TOKEN, M.unlockLinkInvalid) })
  .meta({ id: 'UnlockSignInBody' });
export type UnlockSignInBody = z.input<typeof unlockSignInBody>;

export const refreshTokenBody = z
  .object({ refreshToken: requiredString(M.refreshTokenRequired).max(200, M.refreshTokenInvalid) })
  .meta({ id: 'RefreshTokenBody' });

export const tokenPair = z
  .object({ accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPair>;

export const sessionStarted = z.object({ sessionId: z.uuid() }).meta({ id: 'SessionStarted' });
export type SessionStarted = z.infer<typeof sessionStarted>;

/** Sign-up verification: complete once both the email and the phone code are verified. */
export const signUpVerification = z
  .discriminatedUnion('complete', [
    z.object({ complete: z.literal(false) }),
    z.object({ complete: z.literal(true), tokens: tokenPair }),
  ])
  .meta({ id: 'SignUpVerification' });
export type SignUpVerification = z.infer<typeof signUpVerification>;

export const loginVerification = z.object({ tokens: tokenPair }).meta({ id: 'LoginVerification' });

/** The refresh answer carries the pair both under `tokens` and flat, as the spec's client reads either. */
export const refreshedTokens = tokenPair.extend({ tokens: tokenPair }).meta({ id: 'RefreshedTokens' });

export const memberProfile = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    referralCode: z.string(),
    /** Changes with every new avatar, so the image can be cached for good; null without one. */
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'MemberProfile' });
export type MemberProfile = z.infer<typeof memberProfile>;

/** Where a member's avatar is served; `version` (the upload time) makes every new image a new URL. */
export const avatarPath = (accountId: string) => `/api/auth/avatars/${accountId}`;
export const avatarUrl = (accountId: string, version: Date) =>
  `${avatarPath(accountId)}?v=${version.getTime()}`;
