import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  loopbackAllowEntries,
  parseAllowList,
  refusalFor,
  type AddressClass,
} from '../../src/index';

/** Classification only: nothing here connects anywhere. */
const cases: [string, AddressClass][] = [
  // loopback
  ['127.0.0.1', 'loopback'],
  ['127.0.0.2', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  // private
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456:789a::1', 'private'],
  ['fec0::1', 'private'],
  // link-local
  ['169.254.1.1', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['febf::1', 'linkLocal'],
  // cloud metadata
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata'],
  // carrier-grade NAT, unspecified, multicast, broadcast
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.254', 'carrierGradeNat'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  // reserved and documentation ranges, IPv6 outside global unicast
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['100::1', 'reserved'],
  ['4000::1', 'reserved'],
  // IPv4-mapped and IPv4-embedding IPv6 forms are no better than the IPv4 address they carry
  ['::ffff:127.0.0.2', 'loopback'],
  ['::ffff:7f00:2', 'loopback'],
  ['[::ffff:127.0.0.2]', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.2', 'loopback'],
  ['::7f00:2', 'loopback'],
  ['::8.8.8.8', 'reserved'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'linkLocal'],
  ['64:ff9b::8.8.8.8', 'reserved'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:0a00:0001::1', 'private'],
  ['2002:0808:0808::1', 'reserved'],
  // public
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['2a00:1450:4001:80b::200e', 'public'],
  // not addresses
  ['localhost', 'invalid'],
  ['', 'invalid'],
];

describe('address classification', () => {
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('numeric host forms: WHATWG URL parsing normalises them before any check', () => {
  it.each([
    ['http://2130706434/', '127.0.0.2'],
    ['http://0x7f000002/', '127.0.0.2'],
    ['http://0x7f.0.0.2/', '127.0.0.2'],
    ['http://0177.0.0.2/', '127.0.0.2'],
    ['http://127.2/', '127.0.0.2'],
    ['http://[::ffff:127.0.0.2]/', '[::ffff:7f00:2]'],
    ['http://[0:0:0:0:0:0:0:1]/', '[::1]'],
    ['http://2852039166/', '169.254.169.254'],
    ['http://0xa9fea9fe/', '169.254.169.254'],
  ])('%s has the host %s', (url, host) => {
    const { hostname } = new URL(url);
    expect(hostname).toBe(host);
    expect(classifyAddress(hostname)).not.toBe('public');
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('empty by default: only public addresses may be reached', () => {
    const allow = parseAllowList([]);
    expect(refusalFor('8.8.8.8', 'dns.google', allow)).toBeNull();
    expect(refusalFor('127.0.0.1', '127.0.0.1', allow)).toBe(
      '127.0.0.1 is a loopback address, not listed in OUTBOUND_ALLOW',
    );
    expect(refusalFor('10.1.2.3', 'models.internal', allow)).toBe(
      'models.internal is not at an allowed address, not listed in OUTBOUND_ALLOW',
    );
    expect(refusalFor('169.254.169.254', '169.254.169.254', allow)).toMatch(/cloud metadata address/);
  });

  it('an address entry opens that address only', () => {
    const allow = parseAllowList(['127.0.0.1']);
    expect(refusalFor('127.0.0.1', '127.0.0.1', allow)).toBeNull();
    expect(refusalFor('::ffff:127.0.0.1', '::ffff:127.0.0.1', allow)).toBeNull();
    expect(refusalFor('127.0.0.2', '127.0.0.2', allow)).not.toBeNull();
    expect(refusalFor('::1', '::1', allow)).not.toBeNull();
    expect(refusalFor('::127.0.0.1', '::127.0.0.1', allow)).not.toBeNull();
  });

  it('range entries, IPv4 and IPv6, bracketed or not', () => {
    const allow = parseAllowList(['10.0.0.0/8', '[fd00::/8]', '::1']);
    expect(allow.allowsAddress('10.200.0.1')).toBe(true);
    expect(allow.allowsAddress('11.0.0.1')).toBe(false);
    expect(allow.allowsAddress('fd12::1')).toBe(true);
    expect(allow.allowsAddress('fc00::1')).toBe(false);
    expect(allow.allowsAddress('::1')).toBe(true);
    expect(allow.allowsAddress('::ffff:10.0.0.1')).toBe(true);
  });

  it('the embedded default allows loopback, and nothing else private', () => {
    const allow = parseAllowList(loopbackAllowEntries);
    expect(refusalFor('127.0.0.2', 'localhost', allow)).toBeNull();
    expect(refusalFor('::1', 'localhost', allow)).toBeNull();
    expect(refusalFor('192.168.0.10', 'printer.lan', allow)).not.toBeNull();
    expect(refusalFor('169.254.169.254', '169.254.169.254', allow)).not.toBeNull();
  });

  it('a host entry opens the private addresses that host resolves to, never a metadata address', () => {
    const allow = parseAllowList(['Models.Internal']);
    expect(refusalFor('10.1.2.3', 'models.internal', allow)).toBeNull();
    expect(refusalFor('10.1.2.3', 'other.internal', allow)).not.toBeNull();
    expect(refusalFor('169.254.169.254', 'models.internal', allow)).toBe(
      'models.internal is not at an allowed address, not listed in OUTBOUND_ALLOW',
    );
  });

  it('a metadata address is reachable only when an address entry names it', () => {
    expect(refusalFor('169.254.169.254', '169.254.169.254', parseAllowList(['169.254.169.254']))).toBeNull();
    expect(refusalFor('169.254.169.254', '169.254.169.254', parseAllowList(['169.254.0.0/16']))).toBeNull();
  });

  it('an entry that is neither an address, a range nor a host name fails at start-up', () => {
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow(
      "OUTBOUND_ALLOW: '10.0.0.0/33' is not a valid address range",
    );
    expect(() => parseAllowList(['not a host'])).toThrow(/neither an address/);
    expect(() => parseAllowList(['http://x'])).toThrow("OUTBOUND_ALLOW: 'http://x'");
  });
});
