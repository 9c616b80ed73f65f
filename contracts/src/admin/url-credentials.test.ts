import { describe, expect, it } from 'vitest';
import {
  isCredentialParam,
  isMaskedUrl,
  maskUrlCredentials,
  urlHasCredentials,
  urlHasUserInfo,
} from './url-credentials';

const base = 'https://azure.example.com/openai/deployments/gpt-4o/chat/completions';

describe('credentials in urls', () => {
  it.each([
    'key',
    'KEY',
    'api-key',
    'Api-Key',
    'apikey',
    'api_key',
    'x-api-key',
    'subscription-key',
    'Ocp-Apim-Subscription-Key',
    'token',
    'access_token',
    'accessToken',
    'id_token',
    'sig',
    'signature',
    'X-Amz-Signature',
    'client_secret',
    'password',
    'auth',
  ])('%s= carries a credential', (name) => {
    expect(isCredentialParam(name)).toBe(true);
  });

  it.each(['api-version', 'model', 'deployment', 'monkey', 'turkey', 'keys', 'tokens', 'q', 'signed'])(
    '%s= does not',
    (name) => {
      expect(isCredentialParam(name)).toBe(false);
    },
  );

  it('masks the value of every credential parameter, keeping the rest of the url as it is', () => {
    expect(maskUrlCredentials(`${base}?api-version=2024-02-01&api-key=sk-0123456789-WXYZ`)).toBe(
      `${base}?api-version=2024-02-01&api-key=••••••••WXYZ`,
    );
    expect(maskUrlCredentials(`${base}?TOKEN=short&sig=a%2Bb%3D%3D-long-enough-1234#access_token=xyz`)).toBe(
      `${base}?TOKEN=••••••••&sig=••••••••1234#access_token=••••••••`,
    );
  });

  it('masks a user name and password before the host', () => {
    expect(maskUrlCredentials('https://ann:hunter2@east.example.com/v1?key=k')).toBe(
      'https://••••••••@east.example.com/v1?key=••••••••',
    );
    expect(urlHasUserInfo('https://ann:hunter2@east.example.com/v1')).toBe(true);
    expect(urlHasUserInfo('https://east.example.com/v1?user=a@b')).toBe(false);
  });

  it('a url without credentials, or already masked, comes back as it is', () => {
    for (const url of [base, `${base}?api-version=1`, `  ${base}?key=  `.trim(), `${base}?key=`]) {
      expect(maskUrlCredentials(url)).toBe(url);
      expect(urlHasCredentials(url)).toBe(false);
    }
    const masked = maskUrlCredentials(`${base}?api-key=sk-0123456789-WXYZ`);
    expect(maskUrlCredentials(masked)).toBe(masked);
    expect(isMaskedUrl(masked)).toBe(true);
    expect(urlHasCredentials(`${base}?api-key=sk`)).toBe(true);
  });
});
