import { describe, expect, it } from 'vitest';
import { integrationMessages, type IntegrationSettingsEvent, type SealedSecret } from '@app/contracts';
import { integrationConnectionsDecider } from '../../src/integrations/connections-decider';
import { authorizationUrl, endpointsOf, pkcePair } from '../../src/integrations/oauth-flow';
import { integrationSettingsDecider, isAvailable } from '../../src/integrations/settings-decider';
import { integrationNamed } from '@app/contracts';
import { createHash } from 'node:crypto';
import { DeciderSpecification } from './decider-spec';

const sealed = (fingerprint: string): SealedSecret => ({
  version: 2,
  dataKeyId: `dk-${fingerprint}`,
  iv: 'iv',
  tag: 'tag',
  ciphertext: 'c',
  last4: '',
  fingerprint,
});
const registered = (fingerprint = 'f1', clientId = 'id-1'): IntegrationSettingsEvent => ({
  type: 'IntegrationSecretsRegistered',
  data: { provider: 'google', clientId, clientSecret: sealed(fingerprint), tenantId: '' },
});
const register = (fingerprint = 'f1', clientId = 'id-1') => ({
  type: 'RegisterIntegrationSecrets' as const,
  data: { provider: 'google' as const, clientId, clientSecret: sealed(fingerprint), tenantId: '' },
});
const support = (integration: string, isAvailable = true) => ({
  type: 'ChangeIntegrationSupport' as const,
  data: { integration, isAvailable },
});

describe('integration settings decider', () => {
  const given = DeciderSpecification.for(integrationSettingsDecider);

  it('given nothing, when secrets are registered, then they are recorded (sealed)', () => {
    given([]).when(register()).then([registered()]);
  });

  it('given the same secrets, when they are registered again, then nothing is recorded', () => {
    given([registered()]).when(register()).then([]);
  });

  it('given secrets, when another secret value is registered, then it replaces them', () => {
    given([registered()])
      .when(register('f2'))
      .then([registered('f2')]);
  });

  it('given no secrets for Office 365, when one of its items is supported, then it is refused', () => {
    given([registered()])
      .when(support('microsoft_outlook'))
      .thenThrows(integrationMessages.noSecrets('Office 365'));
  });

  it('given the secrets, when an item is supported, then its support changes; again: nothing', () => {
    const changed: IntegrationSettingsEvent = {
      type: 'IntegrationSupportChanged',
      data: { integration: 'google_drive', isAvailable: true },
    };
    given([registered()]).when(support('google_drive')).then([changed]);
    given([registered(), changed]).when(support('google_drive')).then([]);
  });

  it('given an unknown item, when it is supported, then it is refused', () => {
    given([registered()]).when(support('nope')).thenThrows(integrationMessages.unknownIntegration('nope'));
  });

  it('an item is available once supported with its provider registered', () => {
    const state = [
      registered(),
      {
        type: 'IntegrationSupportChanged' as const,
        data: { integration: 'google_drive', isAvailable: true },
      },
    ].reduce(integrationSettingsDecider.evolve, integrationSettingsDecider.initialState());
    expect(isAvailable(state, 'google_drive')).toBe(true);
    expect(isAvailable(state, 'google_sheets')).toBe(false);
  });
});

describe('integration connections decider', () => {
  const given = DeciderSpecification.for(integrationConnectionsDecider);
  const connected = {
    type: 'IntegrationConnected' as const,
    data: { integration: 'google_drive', scopes: ['s'], expiresAt: null, hasRefreshToken: true },
  };

  it('given nothing, when a connection completes, then it is connected', () => {
    given([]).when({ type: 'ConnectIntegration', data: connected.data }).then([connected]);
  });

  it('given a connection, when it is disconnected, then it is gone', () => {
    given([connected])
      .when({ type: 'DisconnectIntegration', data: { integration: 'google_drive' } })
      .then([{ type: 'IntegrationDisconnected', data: { integration: 'google_drive' } }]);
  });

  it('given no connection, when it is disconnected, then it is refused', () => {
    given([])
      .when({ type: 'DisconnectIntegration', data: { integration: 'google_drive' } })
      .thenThrows(integrationMessages.notConnected('Google Drive'));
  });
});

describe('the authorization address', () => {
  const item = integrationNamed('microsoft_outlook');
  it('is Microsoft’s with the tenant by default, with a S256 challenge of the verifier', () => {
    const { verifier, challenge } = pkcePair();
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    const endpoints = endpointsOf('microsoft', 'contoso.onmicrosoft.com');
    expect(endpoints.tokenEndpoint).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    );
    const url =
      item &&
      authorizationUrl({
        endpoints,
        item,
        clientId: 'c',
        redirectUri: 'https://app/cb',
        state: 's',
        challenge,
      });
    expect(url).toMatch(
      /^https:\/\/login\.microsoftonline\.com\/contoso\.onmicrosoft\.com\/oauth2\/v2\.0\/authorize\?/,
    );
    expect(new URL(url ?? '').searchParams.get('scope')).toBe('offline_access Mail.Read');
  });

  it('is refused when the configured endpoint is not https', () => {
    const endpoints = {
      authorizationEndpoint: 'http://127.0.0.1:1/authorize',
      tokenEndpoint: 'https://x/token',
    };
    expect(
      item &&
        authorizationUrl({ endpoints, item, clientId: 'c', redirectUri: 'r', state: 's', challenge: 'c' }),
    ).toBeNull();
  });
});
