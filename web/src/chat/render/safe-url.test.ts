import { describe, expect, it } from 'vitest';
import { isInPageHref, safeLinkHref } from './safe-url';

describe('safeLinkHref', () => {
  it('keeps absolute http, https and mailto addresses', () => {
    expect(safeLinkHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeLinkHref('http://example.com')).toBe('http://example.com/');
    expect(safeLinkHref('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });

  it('keeps in-page anchors (footnotes)', () => {
    expect(safeLinkHref('#user-content-fn-1')).toBe('#user-content-fn-1');
    expect(isInPageHref('#x')).toBe(true);
    expect(isInPageHref('https://example.com/#x')).toBe(false);
  });

  it('refuses script, data, other schemes and relative paths', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com',
      '/auth/sign-out',
      '../x',
      'example.com',
      '',
    ]) {
      expect(safeLinkHref(url), url).toBeNull();
    }
  });
});
