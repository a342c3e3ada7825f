import type {
  Answer,
  CodeChannel,
  LoginBody,
  MemberProfile,
  SessionStarted,
  SignUpBody,
  SignUpVerification,
  TokenPair,
} from '@arena/contracts';
import { apiClient } from '../../lib/api-client';

export const authApi = {
  signUp: (body: SignUpBody) => apiClient.post<Answer<SessionStarted>>('/auth/signup', body),
  verifySignUpCode: (channel: CodeChannel, sessionId: string, otpCode: string) =>
    apiClient.post<Answer<SignUpVerification>>(`/auth/verify/${channel}`, { sessionId, otpCode }),
  login: (emailOrPhone: LoginBody['emailOrPhone']) =>
    apiClient.post<Answer<SessionStarted>>('/auth/login', { emailOrPhone }),
  verifyLogin: (sessionId: string, otpCode: string) =>
    apiClient.post<Answer<{ tokens: TokenPair }>>('/auth/login/verify', { sessionId, otpCode }),
  resendCode: (sessionId: string, channel: CodeChannel) =>
    apiClient.post<Omit<Answer<never>, 'data'>>('/auth/resend', { sessionId, channel }),
  logout: (refreshToken: string) =>
    apiClient.post<Omit<Answer<never>, 'data'>>('/auth/logout', { refreshToken }),
  /** A signed-in member's new email or phone: the code goes to the new address. */
  startContactChange: (channel: CodeChannel, value: string) =>
    apiClient.post<Answer<SessionStarted>>(
      `/auth/contact/${channel}`,
      channel === 'email' ? { email: value } : { phoneNumber: value },
    ),
  confirmContactChange: (channel: CodeChannel, sessionId: string, otpCode: string) =>
    apiClient.post<Answer<MemberProfile>>(`/auth/contact/${channel}/verify`, { sessionId, otpCode }),
  /** `image` is a data URL; the server checks what it really is. */
  replaceAvatar: (image: string) => apiClient.put<Answer<MemberProfile>>('/auth/avatar', { image }),
  resendContactCode: (sessionId: string) =>
    apiClient.post<Omit<Answer<never>, 'data'>>('/auth/contact/resend', { sessionId }),
};
