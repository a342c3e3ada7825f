const BASE = 'https://arena.invalid';
const SIGN_IN_PAGES = /^\/(login|login-verify|create-account|verify|unlock-sign-in)(\/|$)/;

/**
 * The page to return to after signing in, from a `redirect` search value: only a path of this site
 * (`/challenges/12?tab=2`), never another origin (`//evil.example`, `https:…`, `/\evil`, which a browser
 * reads as `//evil`), and never a sign-in page (a loop). Undefined for anything else.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  // Browsers treat `\` as `/` and drop tabs and newlines from URLs: refuse them rather than guess.
  if ([...value].some((char) => char === '\\' || char <= '\u001f' || char === '\u007f')) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || SIGN_IN_PAGES.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a member lands after signing in: the page they came from, else their profile. */
export function afterSignIn(redirect: unknown): string {
  return safeRedirect(redirect) ?? '/profile';
}
