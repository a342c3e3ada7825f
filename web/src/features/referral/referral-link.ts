import type { ReferralOption } from '@arena/contracts';

/** 1 is the recurring reward, 2 the one-time reward; /join hands both on to sign-up. */
export function referralLink(origin: string, referralCode: string, option: ReferralOption): string {
  const url = new URL('/join', origin);
  url.searchParams.set('ref', referralCode);
  url.searchParams.set('option', String(option));
  return url.toString();
}
