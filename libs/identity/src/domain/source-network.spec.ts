import { sourceNetwork } from './source-network';

describe('sourceNetwork', () => {
  it('keys an IPv4 address by its /24, so neighbours share it', () => {
    expect(sourceNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(sourceNetwork('203.0.113.250')).toBe('203.0.113.0/24');
    expect(sourceNetwork('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(sourceNetwork('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(sourceNetwork('::ffff:cb00:7107')).toBe('203.0.113.0/24');
  });

  it('keys an IPv6 address by its /56, whatever its spelling', () => {
    expect(sourceNetwork('2001:db8:aa:bb12:1:2:3:4')).toBe('2001:db8:aa:bb00::/56');
    expect(sourceNetwork('2001:db8:aa:bbff::1')).toBe('2001:db8:aa:bb00::/56');
    expect(sourceNetwork('2001:0db8:00aa:bb00:0000:0000:0000:0001')).toBe('2001:db8:aa:bb00::/56');
    expect(sourceNetwork('2001:db8:aa:cc00::1')).toBe('2001:db8:aa:cc00::/56');
    expect(sourceNetwork('::1')).toBe('0:0:0:0::/56');
    expect(sourceNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
    expect(sourceNetwork('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/56');
  });

  it('keys anything else as itself', () => {
    expect(sourceNetwork('unknown')).toBe('unknown');
    expect(sourceNetwork('')).toBe('');
  });
});
