import { z } from 'zod';
import { AuthMessages as M } from '../domain/auth.messages';
import { avatarContentType, MAX_AVATAR_BYTES } from '../domain/avatar-image';
import { compactPhone, LOGIN_PHONE, SIGN_UP_PHONE } from '../domain/contact';

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

const email = (requiredMessage: string) =>
  requiredString(requiredMessage).max(254, M.emailInvalid).pipe(z.email(M.emailInvalid));

const sessionId = z.uuid({ error: M.noSession });

const otpCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4,10}$/, message);

/** A member's own phone, at sign-up and when changing it: stored in E.164. */
const memberPhone = z
  .string({ error: M.signUpPhoneInvalid })
  .transform(compactPhone)
  .pipe(z.string().regex(SIGN_UP_PHONE, M.signUpPhoneInvalid));

export const signUpDto = z.object({
  username: requiredString(M.usernameRequired).regex(/^[A-Za-z0-9_]{3,30}$/, M.usernameInvalid),
  email: email(M.emailRequired),
  phoneNumber: memberPhone,
  referralCode: z
    .string({ error: M.referralCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,64}$/, M.referralCodeInvalid)
    .nullish()
    .transform((code) => code || undefined),
  acceptedTerms: z.literal(true, { error: M.termsRequired }),
  confirmedAdultInUs: z.literal(true, { error: M.termsRequired }),
});
export type SignUpDto = z.infer<typeof signUpDto>;

export const verifyEmailDto = z.object({ sessionId, otpCode: otpCode(M.emailCodeInvalid) });
export const verifyPhoneDto = z.object({ sessionId, otpCode: otpCode(M.phoneCodeInvalid) });
export const verifyLoginDto = z.object({ sessionId, otpCode: otpCode(M.verificationCodeInvalid) });
export type VerifyCodeDto = z.infer<typeof verifyLoginDto>;

/** An address with an @ is an email; anything else must be a phone number in international form. */
export const loginDto = z.object({
  emailOrPhone: z
    .string({ error: M.loginEmailRequired })
    .trim()
    .min(1, M.loginEmailRequired)
    .transform((value, ctx) => {
      if (value.includes('@')) {
        if (!z.email().max(254).safeParse(value).success) {
          ctx.addIssue({ code: 'custom', message: M.emailInvalid });
          return z.NEVER;
        }
        return { channel: 'email' as const, value };
      }
      const phone = compactPhone(value);
      if (!LOGIN_PHONE.test(phone)) {
        ctx.addIssue({ code: 'custom', message: M.loginPhoneInvalid });
        return z.NEVER;
      }
      return { channel: 'phone' as const, value: phone };
    }),
});
export type LoginDto = z.infer<typeof loginDto>;

export const resendCodeDto = z.object({
  sessionId,
  channel: z.enum(['email', 'phone'], { error: M.wrongChannel }).optional(),
});
export type ResendCodeDto = z.infer<typeof resendCodeDto>;

/** A signed-in member's new email or phone: the same rules and messages as sign-up. */
export const changeEmailDto = z.object({ email: email(M.emailRequired) });
export type ChangeEmailDto = z.infer<typeof changeEmailDto>;
export const changePhoneDto = z.object({ phoneNumber: memberPhone });
export type ChangePhoneDto = z.infer<typeof changePhoneDto>;
export const contactResendDto = z.object({ sessionId });
export type ContactResendDto = z.infer<typeof contactResendDto>;

const IMAGE_DATA_URL = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/]+={0,2})$/;

/** An image as a base64 data URL; what it is comes from its bytes, not from the URL's declared type. */
export const avatarDto = z.object({
  image: z.string({ error: M.avatarInvalid }).transform((value, ctx) => {
    const base64 = IMAGE_DATA_URL.exec(value)?.[1];
    const bytes = base64 === undefined ? undefined : Buffer.from(base64, 'base64');
    const contentType = bytes && avatarContentType(bytes);
    if (!bytes || !contentType) {
      ctx.addIssue({ code: 'custom', message: M.avatarInvalid });
      return z.NEVER;
    }
    if (bytes.length > MAX_AVATAR_BYTES) {
      ctx.addIssue({ code: 'custom', message: M.avatarTooLarge });
      return z.NEVER;
    }
    return { contentType, bytes };
  }),
});
export type AvatarDto = z.infer<typeof avatarDto>;

export const refreshTokenDto = z.object({
  refreshToken: requiredString(M.refreshTokenRequired).max(200, M.refreshTokenInvalid),
});
export type RefreshTokenDto = z.infer<typeof refreshTokenDto>;
