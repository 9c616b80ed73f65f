import { describe, expect, it } from 'vitest';
import { isSameOrigin, isServedHost, parseHostHeader } from '../../src/http/request-guard';

const embedded = {};
const hosted = { publicUrl: new URL('https://chat.example.org') };

describe('which Host a deployment serves', () => {
  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost'])(
    'the embedded default serves %s',
    (host) => expect(isServedHost(host, embedded)).toBe(true),
  );

  it.each([
    'attacker.example:3000',
    'chat.example.org',
    '127.0.0.1.nip.io:3000',
    'localhost.attacker.example',
  ])('the embedded default refuses %s (DNS rebinding)', (host) =>
    expect(isServedHost(host, embedded)).toBe(false),
  );

  it('PUBLIC_URL adds its host, and only its host', () => {
    expect(isServedHost('chat.example.org', hosted)).toBe(true);
    expect(isServedHost('chat.example.org:443', hosted)).toBe(true);
    expect(isServedHost('evil.example.org', hosted)).toBe(false);
  });

  it.each([undefined, '', 'a@localhost', 'localhost/path', 'localhost?x', 'x'.repeat(400)])(
    'a Host that is not a plain host (%s) is refused',
    (host) => expect(isServedHost(host, embedded)).toBe(false),
  );

  it('splits host and port', () => {
    expect(parseHostHeader('LocalHost:3000')).toEqual({ hostname: 'localhost', port: '3000' });
  });
});

describe('which Origin is the deployment itself', () => {
  it('on loopback: the very host and port the request went to', () => {
    expect(isSameOrigin('http://localhost:3000', 'localhost:3000', embedded)).toBe(true);
    expect(isSameOrigin('http://localhost', 'localhost:80', embedded)).toBe(true);
    expect(isSameOrigin('http://localhost:8080', 'localhost:3000', embedded)).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:3000', 'localhost:3000', embedded)).toBe(false);
  });

  it('refuses other sites, opaque and malformed origins', () => {
    for (const origin of [
      'https://attacker.example',
      'null',
      'file://',
      'not a url',
      'chrome-extension://x',
    ]) {
      expect(isSameOrigin(origin, 'localhost:3000', embedded)).toBe(false);
    }
  });

  it('with PUBLIC_URL: its origin exactly', () => {
    expect(isSameOrigin('https://chat.example.org', 'chat.example.org', hosted)).toBe(true);
    expect(isSameOrigin('http://chat.example.org', 'chat.example.org', hosted)).toBe(false);
    expect(isSameOrigin('https://chat.example.org:8443', 'chat.example.org', hosted)).toBe(false);
  });
});
