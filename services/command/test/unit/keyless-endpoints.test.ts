import { describe, expect, it } from 'vitest';
import { emptyAllowList, loopbackAllowEntries, parseAllowList } from '@app/platform';
import { keylessEndpointAllowed } from '../../src/configurations/keyless-endpoints';

const loopback = parseAllowList(loopbackAllowEntries);
const lan = parseAllowList(['10.0.0.0/8', 'models.internal']);

describe('where an endpoint may be saved without a key', () => {
  it('a loopback address OUTBOUND_ALLOW lists, or localhost while loopback is listed', () => {
    for (const url of [
      'http://127.0.0.1:11434/v1/embeddings',
      'http://[::1]:8000/v1',
      'http://localhost:8000/v1',
    ])
      expect(keylessEndpointAllowed(url, loopback), url).toBe(true);
  });

  it('a private address or a host name OUTBOUND_ALLOW lists', () => {
    expect(keylessEndpointAllowed('http://10.1.2.3:8000/v1/embeddings', lan)).toBe(true);
    expect(keylessEndpointAllowed('http://MODELS.internal/v1', lan)).toBe(true);
  });

  it('a listed host name wherever it resolves: listing it declares it private (nothing is looked up)', () => {
    expect(keylessEndpointAllowed('https://api.openai.com/v1', parseAllowList(['api.openai.com']))).toBe(
      true,
    );
  });

  it('never a public address or name, whatever OUTBOUND_ALLOW says', () => {
    const wide = parseAllowList(['0.0.0.0/0']);
    expect(keylessEndpointAllowed('https://8.8.8.8/v1', wide)).toBe(false);
    expect(keylessEndpointAllowed('https://api.openai.com/v1/embeddings', loopback)).toBe(false);
  });

  it('not a private address OUTBOUND_ALLOW does not list, nor loopback when nothing is listed', () => {
    expect(keylessEndpointAllowed('http://192.168.1.5/v1', lan)).toBe(false);
    expect(keylessEndpointAllowed('http://127.0.0.1:11434/v1', emptyAllowList)).toBe(false);
    expect(keylessEndpointAllowed('http://localhost/v1', emptyAllowList)).toBe(false);
  });

  it('spellings of loopback count as loopback; names that only look like it do not', () => {
    for (const url of ['http://0x7f000001/v1', 'http://2130706433/v1', 'http://[::ffff:127.0.0.1]/v1'])
      expect(keylessEndpointAllowed(url, loopback), url).toBe(true);
    for (const url of ['http://localhost.evil.example/v1', 'http://127.0.0.1.nip.io/v1'])
      expect(keylessEndpointAllowed(url, loopback), url).toBe(false);
  });

  it('not a metadata address, nor a url that does not parse', () => {
    expect(keylessEndpointAllowed('http://169.254.169.254/', parseAllowList(['169.254.0.0/16']))).toBe(false);
    expect(keylessEndpointAllowed('not a url', loopback)).toBe(false);
  });
});
