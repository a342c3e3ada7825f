import { domainToASCII } from 'node:url';

/** A host as DNS compares it: ASCII (IDN to punycode), lower case, without a trailing dot; '' if invalid. */
function asciiHost(host: string): string {
  const trimmed = host.trim().replace(/\.$/, '');
  if (trimmed === '' || /[\s/\\@:]/.test(trimmed)) return '';
  return domainToASCII(trimmed);
}

/**
 * The host of a website on record ("https://www.RedCross.org/donate" → "redcross.org"), without a
 * leading "www."; null when there is no usable host.
 */
export function websiteHost(website: string | null | undefined): string | null {
  if (!website) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(website.trim())
    ? website.trim()
    : `https://${website.trim()}`;
  let hostname: string;
  try {
    hostname = new URL(withScheme).hostname;
  } catch {
    return null;
  }
  const host = asciiHost(hostname).replace(/^www\./, '');
  // A bare public suffix or an address is no organization's domain.
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  return host;
}

/** The domain of an address, ASCII and lower case; '' when it has none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : asciiHost(email.slice(at + 1));
}

/**
 * Whether the code may go to this address: its domain is the website's host or a subdomain of it
 * (info@redcross.org and info@mail.redcross.org for www.redcross.org). Without the Public Suffix List we
 * never climb above the website's host, so a website on a subdomain (give.example.org) does not vouch
 * for its parent (@example.org): that goes to an operator, as does every look-alike
 * (redcross.org.evil.com, evilredcross.org, a Cyrillic "е"), since only exact labels compare equal.
 */
export function emailMatchesWebsite(email: string, website: string | null | undefined): boolean {
  const host = websiteHost(website);
  const domain = emailDomain(email);
  if (host === null || domain === '') return false;
  return domain === host || domain.endsWith(`.${host}`);
}
