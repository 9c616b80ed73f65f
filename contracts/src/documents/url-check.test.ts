import { describe, expect, it } from 'vitest';
import { checkUrl, urlCheckMessages as m } from './url-check';

const refused = (input: string, message: string, sitemap = false) =>
  expect(checkUrl(input, { sitemap }), input).toEqual({ ok: false, message });
const accepted = (input: string, url: string, sitemap = false) =>
  expect(checkUrl(input, { sitemap }), input).toEqual({ ok: true, url });

describe('the URL check: the spec words, word for word', () => {
  it('has every message of the spec, the warning completed', () => {
    expect(m.required).toBe('URL is required');
    expect(m.scheme).toBe('URL must use http:// or https://');
    expect(m.hostname).toBe('URL must have a valid domain name');
    expect(m.spaces).toBe('Domain name cannot contain spaces');
    expect(m.ipAddress).toBe('Invalid IP address');
    expect(m.topLevelDomain).toBe('Domain must have a top-level domain (e.g., .com, .org)');
    expect(m.domainFormat).toBe('Invalid domain format');
    expect(m.topLevelDomainLetters).toBe('Invalid top-level domain (must be at least 2 letters)');
    expect(m.invalidCharacters).toBe('Domain contains invalid characters');
    expect(m.invalidUrl('https://example.com')).toBe('Please enter a valid URL (e.g., https://example.com)');
    expect(m.notSitemapLike).toMatch(
      /^This URL doesn't look like a typical sitemap\. Sitemaps usually end with \.xml or contain /,
    );
  });
});

describe('the URL check: each rule in the spec order', () => {
  it('given nothing (or only spaces, or only a prefix), then URL is required', () => {
    for (const input of ['', '   ', '\t\n', 'url:', 'website:  ', 'LINK:']) refused(input, m.required);
  });

  it('given a url:, link: or website: prefix, then it is removed', () => {
    accepted('url:example.com', 'https://example.com/');
    accepted('link: https://example.com/a', 'https://example.com/a');
    accepted('Website: http://example.org', 'http://example.org/');
    accepted('  url:  example.com  ', 'https://example.com/');
  });

  it('given no scheme, then https:// is added; http and https are kept', () => {
    accepted('example.com', 'https://example.com/');
    accepted('www.example.com/path?q=1#top', 'https://www.example.com/path?q=1#top');
    accepted('http://example.com', 'http://example.com/');
    accepted('HTTPS://Example.COM/Page', 'https://example.com/Page');
    accepted('example.com:8080/x', 'https://example.com:8080/x');
  });

  it('given another scheme, then it must use http:// or https://', () => {
    for (const input of [
      'ftp://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'mailto:someone@example.com',
      'data:text/html,hi',
      'ws://example.com',
    ])
      refused(input, m.scheme);
  });

  it('given no host, then it must have a valid domain name', () => {
    for (const input of ['https://', 'http://?q=1', 'https://user@', 'https://:443/', 'https://#top'])
      refused(input, m.hostname);
  });

  it('given a host with spaces, then the domain name cannot contain spaces', () => {
    refused('exa mple.com', m.spaces);
    refused('https://example .com/page', m.spaces);
  });

  it('given localhost, then it is accepted (the guarded client still decides whether it may be fetched)', () => {
    accepted('localhost', 'https://localhost/');
    accepted('http://localhost:3000/sitemap.xml', 'http://localhost:3000/sitemap.xml');
  });

  it('given an IPv4 address, then every part must be 0 to 255', () => {
    accepted('192.168.1.1', 'https://192.168.1.1/');
    accepted('http://0.0.0.0:80', 'http://0.0.0.0/');
    accepted('255.255.255.255', 'https://255.255.255.255/');
    for (const input of ['256.1.1.1', 'http://1.2.3.999', '1.2.3.1000']) refused(input, m.ipAddress);
  });

  it('given a name without a dot, then it must have a top-level domain', () => {
    for (const input of ['example', 'https://intranet/page', 'http://[::1]/'])
      refused(input, m.topLevelDomain);
  });

  it('given an empty label, then the domain format is invalid', () => {
    for (const input of ['example..com', '.example.com', 'example.com.', 'https://a..b.org'])
      refused(input, m.domainFormat);
  });

  it('given a top-level domain of fewer than 2 letters, then it is invalid', () => {
    for (const input of ['example.c', 'example.c0m', 'example.123', '1.2.3', 'example.-com'])
      refused(input, m.topLevelDomainLetters);
  });

  it('given a label with other characters, or starting or ending with a hyphen, then it contains invalid characters', () => {
    for (const input of ['exa_mple.com', '-example.com', 'example-.com', 'ex!ample.org', 'a.b%41.com'])
      refused(input, m.invalidCharacters);
    accepted('my-site.example.co.uk', 'https://my-site.example.co.uk/');
    accepted('123.example.com', 'https://123.example.com/');
  });

  it('given an international domain name, then it is accepted in its ASCII form', () => {
    accepted('münchen.de', 'https://xn--mnchen-3ya.de/');
  });

  it('given a host the rules accept but the URL parser does not, then please enter a valid URL, with the host as example', () => {
    refused('example.com:99999', m.invalidUrl('https://example.com'));
  });

  it('checks the host before anything else in the URL: a path with spaces is fine', () => {
    accepted('example.com/a page', 'https://example.com/a%20page');
  });
});

describe('the URL check: sitemap mode', () => {
  const warned = (input: string) => {
    const r = checkUrl(input, { sitemap: true });
    expect(r, input).toEqual({ ok: true, url: expect.any(String) as string, warning: m.notSitemapLike });
  };

  it('given a URL ending with .xml or naming a sitemap or robots file, then no warning', () => {
    accepted('example.com/sitemap.xml', 'https://example.com/sitemap.xml', true);
    accepted('example.com/pages.XML', 'https://example.com/pages.XML', true);
    accepted('example.com/feed.xml.gz', 'https://example.com/feed.xml.gz', true);
    accepted('example.com/site-map?sitemap=1', 'https://example.com/site-map?sitemap=1', true);
    accepted('example.com/robots.txt', 'https://example.com/robots.txt', true);
    accepted('sitemaps.example.com/', 'https://sitemaps.example.com/', true);
  });

  it('given another URL, then it is accepted with the warning', () => {
    warned('example.com');
    warned('https://example.com/about.html');
    warned('https://example.com/pages.json');
  });

  it('given an invalid URL, then it is refused as outside sitemap mode', () => {
    refused('ftp://example.com/sitemap.xml', m.scheme, true);
    refused('example', m.topLevelDomain, true);
  });

  it('outside sitemap mode, never the warning', () => {
    accepted('https://example.com/about.html', 'https://example.com/about.html');
  });
});
