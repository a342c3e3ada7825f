import { apiClient } from '../../lib/api-client';
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
};
