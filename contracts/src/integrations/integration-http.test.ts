import { describe, expect, it } from 'vitest';
import { defaultProviderEndpoints, isHttpsAddress } from './catalogue';
import { integrationMessages, RegisterSecretRequest } from './integration-http';

describe('registering integration secrets', () => {
  const base = { client_id: 'id', client_secret: 'secret', integration: 'microsoft' };

  it('takes a GUID, a domain or a keyword as tenant, trimmed; empty is the default', () => {
    for (const tenant of ['common', 'contoso.onmicrosoft.com', '9188040d-6c67-4c5b-b112-36a304b66dad', ''])
      expect(RegisterSecretRequest.parse({ ...base, tenant_id: ` ${tenant} ` }).tenant_id).toBe(tenant);
    expect(RegisterSecretRequest.parse(base).tenant_id).toBe('');
  });

  it('refuses a tenant that would change the address path', () => {
    for (const tenant of ['..', '../x', 'a/b', '?x', '.hidden', 'a b']) {
      const parsed = RegisterSecretRequest.safeParse({ ...base, tenant_id: tenant });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(integrationMessages.tenantIdInvalid);
    }
  });

  it('needs a client id and a secret; refuses an unknown provider and extra fields', () => {
    expect(RegisterSecretRequest.safeParse({ ...base, client_id: ' ' }).error?.issues[0]?.message).toBe(
      integrationMessages.clientIdRequired,
    );
    expect(RegisterSecretRequest.safeParse({ ...base, integration: 'github' }).success).toBe(false);
    expect(RegisterSecretRequest.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});

describe('provider endpoints', () => {
  it("are Google's and Microsoft's own (with the tenant), all https", () => {
    const google = defaultProviderEndpoints('google', 'ignored');
    const microsoft = defaultProviderEndpoints('microsoft', '');
    expect(google.authorizationEndpoint).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(microsoft.tokenEndpoint).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/token');
    for (const e of [google, microsoft]) {
      expect(isHttpsAddress(e.authorizationEndpoint)).toBe(true);
      expect(isHttpsAddress(e.tokenEndpoint)).toBe(true);
    }
    expect(isHttpsAddress('http://accounts.google.com')).toBe(false);
  });
});
