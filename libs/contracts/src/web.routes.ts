/**
 * Every page path of the web app, in the router's spelling (`$name` is one path segment). The server
 * answers these with the app and 200, any other non-API path with the app and 404 (the app then
 * shows its not-found page). The web's route tree is checked against this list at type level
 * (web/src/router.tsx) and by web.routes.spec.ts, so adding a page without listing it fails.
 */
export const WEB_ROUTES = [
  '/',
  '/challenges',
  '/challenges/$id',
  '/charity-onboarding',
  '/charity-onboarding/success',
  '/charity-profile',
  '/charity-profile/$ein',
  '/create-account',
  '/donate',
  '/donate/receipt/$receiptCode',
  '/donate/success',
  '/find-charity',
  '/howitworks',
  '/join',
  '/ledger',
  '/login',
  '/login-verify',
  '/privacy-policy',
  '/profile',
  '/referral',
  '/referral-terms',
  '/subscription',
  '/subscription/cancel',
  '/subscription/manage',
  '/subscription/success',
  '/terms',
  '/unlock-sign-in',
  '/verify',
  // Developer pages: the server serves them only when its developer tools are on.
  '/dev',
  '/dev/mailbox',
  '/dev/ui',
] as const;

export type WebRoute = (typeof WEB_ROUTES)[number];

const compiled = WEB_ROUTES.map((route) => ({ route, segments: segmentsOf(route) }));

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The listed route a URL's path opens, or undefined. The query and fragment are ignored, as is a
 * trailing slash. Cost grows with the number of routes (~30) times the path's segments.
 */
export function matchWebRoute(url: string): WebRoute | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let segments: string[];
  try {
    segments = segmentsOf(path).map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined; // a malformed escape is no page of ours
  }
  const match = compiled.find(
    (candidate) =>
      candidate.segments.length === segments.length &&
      candidate.segments.every((part, index) => part.startsWith('$') || part === segments[index]),
  );
  return match?.route;
}
