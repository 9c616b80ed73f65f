import { describe, expect, it } from 'vitest';
import { routes } from '@app/contracts';
import { oidcLoginHref } from './oidc-login-href';

describe('the provider sign-in link', () => {
  it("names a published assistant's page to come back to, and nothing else", () => {
    expect(oidcLoginHref('/assistants/ferry-guide')).toBe(
      `${routes.oidcLogin}?returnTo=${encodeURIComponent('/assistants/ferry-guide')}`,
    );
    expect(oidcLoginHref('/')).toBe(routes.oidcLogin);
    expect(oidcLoginHref('/anything/else')).toBe(routes.oidcLogin);
  });
});
