import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/http/rate-limits';

describe('what a per-address limit counts by', () => {
  it('an IPv4 address as it is, also when IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('every IPv6 address of one /64 alike', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('anything else as it is', () => {
    expect(addressKey('not an address')).toBe('not an address');
  });
});
