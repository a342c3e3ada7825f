import { isIP } from 'node:net';

/** The longest user agent kept with a sign-in: enough for any real browser, never a stored essay. */
export const MAX_USER_AGENT_LENGTH = 512;

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  // Order matters: Edge, Opera and Samsung Internet say "Chrome" too, and Chrome says "Safari".
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
];

/** 'Chrome on macOS' from a user agent: the browser and the system, or 'Unknown device'. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** An address with its last part hidden: '203.0.113.x', '2001:db8:85a3:x' (IPv6 keeps its first three groups). */
export function maskedAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(mapped) === 4) return `${mapped.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(mapped) === 6) {
    const groups = mapped.split(':').filter((group) => group !== '');
    return `${groups.slice(0, 3).join(':')}:x`;
  }
  return null;
}

/** What is kept of a sign-in's device: the user agent trimmed to a bounded length. */
export function keptUserAgent(userAgent: string | string[] | undefined): string | null {
  const value = Array.isArray(userAgent) ? userAgent[0] : userAgent;
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_USER_AGENT_LENGTH) : null;
}
