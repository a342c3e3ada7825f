import { apiClient } from '../../lib/api-client';
import type { MemberProfile } from '../../lib/session';
import type { TokenPair } from '../../lib/tokens';

export type CodeChannel = 'email' | 'phone';

interface Answer<T> {
  success: boolean;
  message?: string;
  data?: T;
}

export interface SignUpRequest {
  username: string;
  email: string;
  phoneNumber: string;
  referralCode?: string;
  acceptedTerms: boolean;
  confirmedAdultInUs: boolean;
}

export interface SignUpVerification {
  complete: boolean;
  tokens?: TokenPair;
}

export const authApi = {
  signUp: (body: SignUpRequest) => apiClient.post<Answer<{ sessionId?: string }>>('/auth/signup', body),
  verifySignUpCode: (channel: CodeChannel, sessionId: string, otpCode: string) =>
    apiClient.post<Answer<SignUpVerification>>(`/auth/verify/${channel}`, { sessionId, otpCode }),
  login: (emailOrPhone: string) =>
    apiClient.post<Answer<{ sessionId?: string }>>('/auth/login', { emailOrPhone }),
  verifyLogin: (sessionId: string, otpCode: string) =>
    apiClient.post<Answer<{ tokens?: TokenPair }>>('/auth/login/verify', { sessionId, otpCode }),
  resendCode: (sessionId: string, channel: CodeChannel) =>
    apiClient.post<Answer<never>>('/auth/resend', { sessionId, channel }),
  logout: (refreshToken: string) => apiClient.post<Answer<never>>('/auth/logout', { refreshToken }),
  /** A signed-in member's new email or phone: the code goes to the new address. */
  startContactChange: (channel: CodeChannel, value: string) =>
    apiClient.post<Answer<{ sessionId?: string }>>(
      `/auth/contact/${channel}`,
      channel === 'email' ? { email: value } : { phoneNumber: value },
    ),
  confirmContactChange: (channel: CodeChannel, sessionId: string, otpCode: string) =>
    apiClient.post<Answer<MemberProfile>>(`/auth/contact/${channel}/verify`, { sessionId, otpCode }),
  /** `image` is a data URL; the server checks what it really is. */
  replaceAvatar: (image: string) => apiClient.put<Answer<MemberProfile>>('/auth/avatar', { image }),
  resendContactCode: (sessionId: string) =>
    apiClient.post<Answer<never>>('/auth/contact/resend', { sessionId }),
};
