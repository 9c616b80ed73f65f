import { describe, expect, it } from 'vitest';
import { identityMessages } from '@app/contracts';
import { isLoopbackHost, resolveAuthMode } from '../../src/identity/auth-mode';

const oidc = {
  OIDC_ISSUER: 'https://id.example.org',
  OIDC_CLIENT_ID: 'chat',
  OIDC_CLIENT_SECRET: 's3cret',
  PUBLIC_URL: 'https://chat.example.org',
};

describe('how a process signs people in', () => {
  it('the development sign-in on a loopback HOST', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.1.2.3'])
      expect(resolveAuthMode({ AUTH_MODE: 'dev', HOST: host })).toEqual({ kind: 'dev' });
  });

  it('refuses to start the development sign-in on any other HOST, saying why', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'chat.example.org'])
      expect(() => resolveAuthMode({ AUTH_MODE: 'dev', HOST: host })).toThrow(
        identityMessages.devSignInOnPublicHost(host),
      );
  });

  it('OIDC with every setting', () => {
    expect(resolveAuthMode({ AUTH_MODE: 'oidc', HOST: '0.0.0.0', ...oidc })).toMatchObject({
      kind: 'oidc',
      publicUrl: oidc.PUBLIC_URL,
      oidc: { issuer: oidc.OIDC_ISSUER, clientId: 'chat' },
    });
  });

  it('OIDC refuses to start without its settings, naming the missing ones', () => {
    expect(() =>
      resolveAuthMode({ AUTH_MODE: 'oidc', HOST: '0.0.0.0', OIDC_ISSUER: oidc.OIDC_ISSUER }),
    ).toThrow(identityMessages.oidcSettingsMissing(['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL']));
  });

  it('knows a loopback host from a look-alike', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.example.org')).toBe(false);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});
