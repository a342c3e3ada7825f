import { deviceName, keptUserAgent, maskedAddress } from './sign-in-device';

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('names %s as %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });
});

describe('maskedAddress', () => {
  it('hides the last part of an IPv4 address, mapped or not', () => {
    expect(maskedAddress('203.0.113.57')).toBe('203.0.113.x');
    expect(maskedAddress('::ffff:198.51.100.7')).toBe('198.51.100.x');
  });

  it('keeps the first three groups of an IPv6 address', () => {
    expect(maskedAddress('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:x');
  });

  it('shows nothing for what is not an address', () => {
    expect(maskedAddress('not-an-ip')).toBeNull();
    expect(maskedAddress(null)).toBeNull();
  });
});

describe('keptUserAgent', () => {
  it('keeps a bounded, trimmed user agent, and nothing for none', () => {
    expect(keptUserAgent(`  ${'a'.repeat(2000)} `)).toHaveLength(512);
    expect(keptUserAgent(['first', 'second'])).toBe('first');
    expect(keptUserAgent('   ')).toBeNull();
    expect(keptUserAgent(undefined)).toBeNull();
  });
});
