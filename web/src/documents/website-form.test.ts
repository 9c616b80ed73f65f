import { describe, expect, it } from 'vitest';
import { urlCheckMessages } from '@app/contracts';
import { checkWebsiteForm } from './website-form';

describe('the add-website form', () => {
  it('given an empty input not yet touched, then it says nothing and sends nothing', () => {
    expect(checkWebsiteForm('', false, false)).toEqual({ error: null, warning: null, url: null });
  });

  it('given an empty input once touched (typed and cleared, or a submit), then the spec says it is required', () => {
    expect(checkWebsiteForm('  ', false, true).error).toBe(urlCheckMessages.required);
  });

  it.each([
    ['ftp://example.com', urlCheckMessages.scheme],
    ['https://', urlCheckMessages.hostname],
    ['https://exa mple.com', urlCheckMessages.spaces],
    ['300.1.1.1', urlCheckMessages.ipAddress],
    ['intranet', urlCheckMessages.topLevelDomain],
    ['example..com', urlCheckMessages.domainFormat],
    ['example.c', urlCheckMessages.topLevelDomainLetters],
    ['exa_mple.com', urlCheckMessages.invalidCharacters],
  ])('given %s as typed, then the spec message, and nothing to send', (typed, message) => {
    expect(checkWebsiteForm(typed, false, true)).toEqual({ error: message, warning: null, url: null });
  });

  it('given a good address with a prefix and no scheme, then it is taken, with https:// added', () => {
    expect(checkWebsiteForm('url: www.example.com/about', false, true)).toEqual({
      error: null,
      warning: null,
      url: 'https://www.example.com/about',
    });
  });

  it('given sitemap mode and an address that does not look like a sitemap, then the warning, and it is still taken', () => {
    expect(checkWebsiteForm('https://www.example.com/pages', true, true)).toEqual({
      error: null,
      warning: urlCheckMessages.notSitemapLike,
      url: 'https://www.example.com/pages',
    });
    expect(checkWebsiteForm('https://www.example.com/pages', false, true).warning).toBeNull();
  });

  it('given sitemap mode and a sitemap address (also a loopback one), then no warning', () => {
    expect(checkWebsiteForm('http://127.0.0.1:8080/sitemap.xml', true, true)).toEqual({
      error: null,
      warning: null,
      url: 'http://127.0.0.1:8080/sitemap.xml',
    });
  });
});
