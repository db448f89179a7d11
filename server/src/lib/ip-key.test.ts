import { describe, expect, it } from 'vitest';
import { ipKey } from './ip-key.js';

describe('ipKey', () => {
  it('keeps IPv4 and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, whatever the spelling', () => {
    const key = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:db8::1:ffff:1:2:3',
      '2001:0db8:0000:0001:abcd:ef01:2345:6789',
      '2001:DB8:0:1:0:0:0:1%eth0',
    ])
      expect(ipKey(ip)).toBe(key);
    expect(ipKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('returns what is not an address unchanged', () => {
    expect(ipKey('')).toBe('');
    expect(ipKey('not-an-ip')).toBe('not-an-ip');
  });
});
