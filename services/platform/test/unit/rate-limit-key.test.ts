import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { addressKey, callerKey } from '../../src/http/rate-limits';
import type { ApiKeyCredential } from '../../src/identity/api-key-credentials';

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

/** What callerKey reads of a request: who is signed in, the API key, the client address. */
const requestOf = (who: { principal?: string; apiKey?: Pick<ApiKeyCredential, 'owner'>; ip?: string }) =>
  ({
    principal: who.principal ?? null,
    apiKey: who.apiKey ?? null,
    ip: who.ip ?? '203.0.113.7',
  }) as unknown as FastifyRequest;

describe('whose budget a state-changing request spends', () => {
  it('given a signed-in user, theirs, from any address', () => {
    expect(callerKey(requestOf({ principal: 'ann@example.com' }))).toBe('commands:user:ann@example.com');
    expect(callerKey(requestOf({ principal: 'ann@example.com', ip: '198.51.100.1' }))).toBe(
      'commands:user:ann@example.com',
    );
  });

  it('given an API key, its owner’s, also when it acts as a delegate', () => {
    const byKey = requestOf({ principal: 'bob@example.com', apiKey: { owner: 'ann@example.com' } });
    expect(callerKey(byKey)).toBe(callerKey(requestOf({ principal: 'ann@example.com' })));
  });

  it('given no one signed in, the address’s (an IPv6 /64 as one), never a user’s', () => {
    expect(callerKey(requestOf({ ip: '2001:db8:1:2::1' }))).toBe('commands:address:2001:db8:1:2::/64');
    expect(callerKey(requestOf({ ip: '203.0.113.7' }))).not.toBe(
      callerKey(requestOf({ principal: '203.0.113.7' })),
    );
  });
});
