import { ein as einSchema } from '@arena/contracts';
import { isUuid } from '@arena/text';
import { CharityError, charityNotFound, noOnboardingData } from '../domain/charity.errors';

/** A path's EIN, as nine digits (a dash is accepted); malformed → 400 with the contract's message. */
export function einParam(raw: string): string {
  const parsed = einSchema.safeParse(raw);
  if (!parsed.success) throw new CharityError('invalid', parsed.error.issues[0]?.message ?? 'Malformed EIN');
  return parsed.data;
}

/** A charity id that is no UUID names no charity. */
export function charityIdParam(raw: string, missing = charityNotFound): string {
  if (!isUuid(raw)) throw missing();
  return raw;
}

export const onboardingIdParam = (raw: string) => charityIdParam(raw, noOnboardingData);
