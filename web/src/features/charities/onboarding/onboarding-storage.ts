import type { OrganizationDetails } from './onboarding.rules';

/**
 * What onboarding keeps in the browser. The spec's saved onboarding data (§3: ein, organizationName,
 * stripeAccountId, charityId) goes to localStorage before the page leaves for the payment provider, so
 * step 4 knows which charity came back. The form being filled in is a draft in sessionStorage, so a
 * return to step 3 (a cancelled or expired provider form) can connect again without retyping.
 */

export interface SavedOnboarding {
  ein: string;
  organizationName: string;
  stripeAccountId: string;
  charityId: string;
}

const SAVED_KEY = 'charityOnboarding';
const DRAFT_KEY = 'charityOnboardingDraft';

function readJson(storage: Storage, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export type SavedOnboardingRead =
  { kind: 'missing' } | { kind: 'no-account' } | { kind: 'found'; saved: SavedOnboarding };

/**
 * The saved data as step 4 needs it: missing altogether (or without a charity), without the payment
 * account, or whole. Anything malformed in storage counts as missing.
 */
export function readSavedOnboarding(): SavedOnboardingRead {
  const value = readJson(window.localStorage, SAVED_KEY);
  const charityId = text(value?.charityId);
  if (!value || !charityId) return { kind: 'missing' };
  const stripeAccountId = text(value.stripeAccountId);
  if (!stripeAccountId) return { kind: 'no-account' };
  return {
    kind: 'found',
    saved: {
      ein: text(value.ein),
      organizationName: text(value.organizationName),
      stripeAccountId,
      charityId,
    },
  };
}

export function saveOnboarding(saved: SavedOnboarding): void {
  window.localStorage.setItem(SAVED_KEY, JSON.stringify(saved));
}

/** Once the charity is all set, nothing of it stays in the browser. */
export function forgetOnboarding(): void {
  window.localStorage.removeItem(SAVED_KEY);
  window.sessionStorage.removeItem(DRAFT_KEY);
}

export function readDraft(): OrganizationDetails | null {
  const value = readJson(window.sessionStorage, DRAFT_KEY);
  if (!value) return null;
  return {
    ein: text(value.ein),
    organizationName: text(value.organizationName),
    description: typeof value.description === 'string' ? value.description : '',
    email: text(value.email),
  };
}

export function saveDraft(details: OrganizationDetails): void {
  window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(details));
}
