import {
  avatarBody,
  IMAGE_DATA_URL,
  type changeEmailBody,
  type changePhoneBody,
  type contactResendBody,
  type loginBody,
  type refreshTokenBody,
  type resendCodeBody,
  type signUpBody,
  type unlockSignInBody,
  type verifyLoginBody,
} from '@arena/contracts';
import { z } from 'zod';
import { AuthMessages as M } from '../domain/auth.messages';
import { avatarContentType, MAX_AVATAR_BYTES } from '../domain/avatar-image';

/** The bodies' schemas and rules are the contract's (libs/contracts); these are what they parse into. */
export type SignUpDto = z.output<typeof signUpBody>;
export type VerifyCodeDto = z.output<typeof verifyLoginBody>;
export type LoginDto = z.output<typeof loginBody>;
export type ResendCodeDto = z.output<typeof resendCodeBody>;
export type ChangeEmailDto = z.output<typeof changeEmailBody>;
export type ChangePhoneDto = z.output<typeof changePhoneBody>;
export type ContactResendDto = z.output<typeof contactResendBody>;
export type RefreshTokenDto = z.output<typeof refreshTokenBody>;
export type UnlockSignInDto = z.output<typeof unlockSignInBody>;

/** What an image is comes from its bytes, not from the data URL's declared type. */
export const avatarDto = avatarBody.transform(({ image }, ctx) => {
  const bytes = Buffer.from(IMAGE_DATA_URL.exec(image)![1]!, 'base64');
  const contentType = avatarContentType(bytes);
  if (!contentType) {
    ctx.addIssue({ code: 'custom', message: M.avatarInvalid });
    return z.NEVER;
  }
  if (bytes.length > MAX_AVATAR_BYTES) {
    ctx.addIssue({ code: 'custom', message: M.avatarTooLarge });
    return z.NEVER;
  }
  return { image: { contentType, bytes } };
});
export type AvatarDto = z.output<typeof avatarDto>;
