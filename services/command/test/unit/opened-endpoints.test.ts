import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  memoryDataKeys,
  newMasterKey,
  parseMasterKey,
  SecretUnavailableError,
  type Keyring,
} from '@app/platform';
import { createOpenedEndpoints } from '../../src/models/opened-endpoints';

const store = memoryDataKeys();
const keys = createSecretBox(parseMasterKey(newMasterKey())).keyringOn(store);

/** The keyring, counting the values it opens. */
const counting = () => {
  const opened = { count: 0 };
  const keyring: Keyring = {
    ...keys,
    open: (sealed) => {
      opened.count += 1;
      return keys.open(sealed);
    },
  };
  return { opened, keyring: () => keyring };
};

const endpoint = async (key: string) => ({ url: 'http://127.0.0.1:1/v1', key: await keys.seal(key) });

describe('endpoints opened lately', () => {
  it('given an endpoint opened once, when a request opens it again within the time, then its key is not opened again', async () => {
    const { opened, keyring } = counting();
    const cache = createOpenedEndpoints({ max: 10, ttlMs: 60_000 });
    const e = await endpoint('sk-one');
    expect(await cache.open(keyring, e)).toEqual({ url: e.url, key: 'sk-one' });
    expect(await cache.open(keyring, e)).toEqual({ url: e.url, key: 'sk-one' });
    expect(opened.count).toBe(1);
  });

  it('given a key replaced (a new sealed value), when it is opened, then the new key is opened, never the old one', async () => {
    const { opened, keyring } = counting();
    const cache = createOpenedEndpoints({ max: 10, ttlMs: 60_000 });
    await cache.open(keyring, await endpoint('sk-old'));
    expect((await cache.open(keyring, await endpoint('sk-new'))).key).toBe('sk-new');
    expect(opened.count).toBe(2);
  });

  it('given the time has passed, when the endpoint is opened, then its key is opened again', async () => {
    let now = 0;
    const { opened, keyring } = counting();
    const cache = createOpenedEndpoints({ max: 10, ttlMs: 1_000, now: () => now });
    const e = await endpoint('sk-time');
    await cache.open(keyring, e);
    now = 1_000;
    await cache.open(keyring, e);
    expect(opened.count).toBe(2);
  });

  it('given a key whose data key was destroyed, when it is opened twice, then both refuse and nothing is kept', async () => {
    const { opened, keyring } = counting();
    const cache = createOpenedEndpoints({ max: 10, ttlMs: 60_000 });
    const e = await endpoint('sk-gone');
    await keys.shred([e.key]);
    await expect(cache.open(keyring, e)).rejects.toBeInstanceOf(SecretUnavailableError);
    await expect(cache.open(keyring, e)).rejects.toBeInstanceOf(SecretUnavailableError);
    expect(opened.count).toBe(2);
  });

  it('given more endpoints than it keeps, when the first is opened again, then it was dropped and is opened again', async () => {
    const { opened, keyring } = counting();
    const cache = createOpenedEndpoints({ max: 2, ttlMs: 60_000 });
    const [a, b, c] = [await endpoint('sk-a'), await endpoint('sk-b'), await endpoint('sk-c')];
    for (const e of [a, b, c, a]) await cache.open(keyring, e);
    expect(opened.count).toBe(4);
  });
});
