import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn } from './return-path';

describe('where a sign-in lands', () => {
  it("a published assistant's page is kept", () => {
    expect(returnPathAfterSignIn('/assistants/ferry-guide')).toBe('/assistants/ferry-guide');
    expect(returnPathAfterSignIn('/assistants/team/Ferry_Guide')).toBe('/assistants/team/Ferry_Guide');
  });

  it("a shared conversation's page is kept", () => {
    const shareId = 'Ab3_-'.repeat(6) + 'xy';
    expect(returnPathAfterSignIn(`/share/${shareId}`)).toBe(`/share/${shareId}`);
  });

  it('anything else lands on /: no other origin, no other page, nothing encoded', () => {
    for (const v of [
      undefined,
      null,
      '',
      '/',
      'https://evil.example/assistants/x',
      '//evil.example/assistants/x',
      '/\\evil.example',
      '/assistants//evil.example',
      '/assistants/%2e%2e/admin',
      '/assistants/x?next=https://evil.example',
      '/assistants/../auth/me',
      '/amplifymin/configs',
      `/assistants/${'a'.repeat(101)}`,
      '/share/short',
      `/share/${'a'.repeat(32)}/more`,
      `/share/${'a'.repeat(31)}.`,
    ])
      expect(returnPathAfterSignIn(v), String(v)).toBe('/');
  });
});
