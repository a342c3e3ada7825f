import type { CodeChannel, LoginBody, SignUpBody } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';

export const authApi = {
  signUp: (body: SignUpBody) => callApi(routes.auth.signUp, { body }),
  verifySignUpCode: (channel: CodeChannel, sessionId: string, otpCode: string) =>
    channel === 'email'
      ? callApi(routes.auth.verifySignUpEmail, { body: { sessionId, otpCode } })
      : callApi(routes.auth.verifySignUpPhone, { body: { sessionId, otpCode } }),
  login: (emailOrPhone: LoginBody['emailOrPhone']) => callApi(routes.auth.login, { body: { emailOrPhone } }),
  verifyLogin: (sessionId: string, otpCode: string) =>
    callApi(routes.auth.verifyLogin, { body: { sessionId, otpCode } }),
  resendCode: (sessionId: string, channel: CodeChannel) =>
    callApi(routes.auth.resendCode, { body: { sessionId, channel } }),
  logout: (refreshToken: string) => callApi(routes.auth.logout, { body: { refreshToken } }),
  /** The emailed "it was me" link's token: sign-in paused by wrong codes works again. */
  unlockSignIn: (token: string) => callApi(routes.auth.unlockSignIn, { body: { token } }),
  /** A signed-in member's new email or phone: the code goes to the new address. */
  startContactChange: (channel: CodeChannel, value: string) =>
    channel === 'email'
      ? callApi(routes.auth.changeEmail, { body: { email: value } })
      : callApi(routes.auth.changePhone, { body: { phoneNumber: value } }),
  confirmContactChange: (channel: CodeChannel, sessionId: string, otpCode: string) =>
    channel === 'email'
      ? callApi(routes.auth.verifyEmailChange, { body: { sessionId, otpCode } })
      : callApi(routes.auth.verifyPhoneChange, { body: { sessionId, otpCode } }),
  /** `image` is a data URL; the server checks what it really is. */
  replaceAvatar: (image: string) => callApi(routes.auth.replaceAvatar, { body: { image } }),
  resendContactCode: (sessionId: string) => callApi(routes.auth.resendContactCode, { body: { sessionId } }),
};
