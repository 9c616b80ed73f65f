import { describe, expect, it } from 'vitest';
import {
  isCredentialParam,
  isMaskedUrl,
  maskUrlCredentials,
  urlHasCredentials,
  urlHasUserInfo,
} from './url-credentials';
import { displayUrl } from './openai-endpoints';

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
    'code',
    'Code',
    'CODE',
  ])('%s= carries a credential', (name) => {
    expect(isCredentialParam(name)).toBe(true);
  });

  it.each([
    'api-version',
    'model',
    'deployment',
    'monkey',
    'turkey',
    'keys',
    'tokens',
    'q',
    'signed',
    'country_code',
    'zip-code',
    'error_code',
    'promoCode',
    'postcode',
    'codec',
    'codes',
  ])('%s= does not', (name) => {
    expect(isCredentialParam(name)).toBe(false);
  });

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

  it('masks an Azure Functions key (?code=, any case), keeping harmless *_code parameters in clear', () => {
    const fn = 'https://fn.example.net/api/chat';
    expect(maskUrlCredentials(`${fn}?code=aZ09-functions-key-value-Q1w2==&country_code=FR`)).toBe(
      `${fn}?code=••••••••w2==&country_code=FR`,
    );
    expect(maskUrlCredentials(`${fn}?Code=abc`)).toBe(`${fn}?Code=••••••••`);
    expect(maskUrlCredentials(`${fn}?zip-code=75001&error_code=7`)).toBe(`${fn}?zip-code=75001&error_code=7`);
  });

  it.each([
    [
      'api-key',
      'https://host.example/openai;api-key=sk-0123456789-WXYZ/chat',
      'https://host.example/openai;api-key=••••••••WXYZ/chat',
    ],
    [
      'key',
      'https://host.example/v1/chat;key=sk-0123456789-WXYZ',
      'https://host.example/v1/chat;key=••••••••WXYZ',
    ],
    [
      'token',
      'https://host.example/v1;TOKEN=tok-0123456789-ABCD/chat',
      'https://host.example/v1;TOKEN=••••••••ABCD/chat',
    ],
    [
      'sig',
      'https://host.example/v1;v=2;Sig=s%2Bg-0123456789-EFGH',
      'https://host.example/v1;v=2;Sig=••••••••EFGH',
    ],
    ['code', 'https://host.example/api;code=short', 'https://host.example/api;code=••••••••'],
  ])('masks a credential in a path (matrix) parameter: ;%s=', (_name, raw, masked) => {
    expect(maskUrlCredentials(raw)).toBe(masked);
    expect(urlHasCredentials(raw)).toBe(true);
    expect(maskUrlCredentials(masked)).toBe(masked);
    expect(isMaskedUrl(masked)).toBe(true);
  });

  it('masks path parameters beside a query, a user name, and query parameters separated by ;', () => {
    expect(maskUrlCredentials('https://h.example/p;api-key=sk-0123456789-WXYZ?api-version=1&key=k')).toBe(
      'https://h.example/p;api-key=••••••••WXYZ?api-version=1&key=••••••••',
    );
    expect(maskUrlCredentials('https://ann:pw@h.example/p;token=tok-0123456789-ABCD')).toBe(
      'https://••••••••@h.example/p;token=••••••••ABCD',
    );
    expect(maskUrlCredentials('https://h.example/p?api-version=1;api-key=sk-0123456789-WXYZ')).toBe(
      'https://h.example/p?api-version=1;api-key=••••••••WXYZ',
    );
  });

  it('leaves harmless path parameters and empty values in clear', () => {
    for (const url of [
      'https://h.example/p;jsessionid=1;lang=en/chat',
      'https://h.example/p;key=/chat',
      'https://h.example/p;key',
      'https://h.example/a;b/c;d=e',
    ]) {
      expect(maskUrlCredentials(url)).toBe(url);
      expect(urlHasCredentials(url)).toBe(false);
    }
  });

  it('masking is stable, so a masked url sent back by the dialog equals the saved one', () => {
    for (const raw of [
      'https://fn.example.net/api/chat?code=aZ09-functions-key-value-Q1w2&api-version=1',
      'https://fn.example.net/api/chat?code=x',
      'https://host.example/openai;api-key=sk-0123456789-WXYZ/chat?code=c-0123456789-LMNO',
      'https://host.example/p;key=sk-0123456789%2Fxy%3B1/chat?code=abc0123456789%23ab&sig=0123456789a+b%2Bc',
    ]) {
      const masked = maskUrlCredentials(raw);
      expect(masked).not.toBe(raw);
      expect(maskUrlCredentials(masked)).toBe(masked);
      expect(maskUrlCredentials(` ${masked} `)).toBe(masked);
    }
  });

  it('a url as messages show it keeps credentials in path parameters masked, the url sent or the masked one', () => {
    const raw = 'https://ann:pw@h.example/openai;api-key=sk-0123456789-WXYZ/chat;code=c?key=k#sig=s';
    expect(displayUrl(raw)).toBe('https://h.example/openai;api-key=••••••••WXYZ/chat;code=••••••••');
    expect(displayUrl(maskUrlCredentials(raw))).toBe(displayUrl(raw));
    expect(displayUrl('not a url/p;token=tok-0123456789-ABCD?x')).toBe('not a url/p;token=••••••••ABCD');
  });
});
