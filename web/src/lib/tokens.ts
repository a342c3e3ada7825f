import type { ReferralOption, TokenPair } from '@arena/contracts';

const ACCESS_TOKEN = 'accessToken';
const REFRESH_TOKEN = 'refreshToken';
const REFERRAL_CODE = 'referralCode';
const REFERRAL_OPTION = 'referralOption';

/** Fired in this tab when tokens change; other tabs learn through the `storage` event. */
export const TOKENS_CHANGED_EVENT = 'arena:tokens-changed';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const REFRESH_LOCK = 'arena:token-refresh';

/**
 * Runs `work` while no other tab of this app runs its own (the Web Locks API), so two tabs never
 * spend the same refresh token. Without Web Locks it runs at once: the server then answers a
 * second refresh of the same token within a few seconds with the same pair.
 */
export async function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, work) : work();
}

function announce(): void {
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

export const tokenStorage = {
  accessToken: (): string | null => read(ACCESS_TOKEN),
  refreshToken: (): string | null => read(REFRESH_TOKEN),

  setTokens(tokens: TokenPair): void {
    window.localStorage.setItem(ACCESS_TOKEN, tokens.accessToken);
    window.localStorage.setItem(REFRESH_TOKEN, tokens.refreshToken);
    announce();
  },

  clearTokens(): void {
    window.localStorage.removeItem(ACCESS_TOKEN);
    window.localStorage.removeItem(REFRESH_TOKEN);
    announce();
  },

  referralCode: (): string | null => read(REFERRAL_CODE),

  /** The reward the referrer's link chose; kept only beside the code it came with. */
  referralOption: (): ReferralOption | undefined => {
    const option = Number(read(REFERRAL_OPTION));
    return option === 1 || option === 2 ? option : undefined;
  },

  setReferral(code: string, option: ReferralOption | undefined): void {
    window.localStorage.setItem(REFERRAL_CODE, code);
    if (option) window.localStorage.setItem(REFERRAL_OPTION, String(option));
    else window.localStorage.removeItem(REFERRAL_OPTION);
  },

  clearReferral(): void {
    window.localStorage.removeItem(REFERRAL_CODE);
    window.localStorage.removeItem(REFERRAL_OPTION);
  },

  /** Whether a `storage` event from another tab touched the session's tokens. */
  isTokenKey(key: string | null): boolean {
    return key === null || key === ACCESS_TOKEN || key === REFRESH_TOKEN;
  },
};
