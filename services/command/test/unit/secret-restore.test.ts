import { describe, expect, it } from 'vitest';
import { maskOf, revertMessages } from '@app/contracts';
import { createSecretBox, memoryDataKeys, newMasterKey, parseMasterKey } from '@app/platform';
import { restoreEndpoints, restoreNamedValues } from '../../src/configuration-history/secret-restore';

const keys = createSecretBox(parseMasterKey(newMasterKey())).keyringOn(memoryDataKeys());

describe('secrets brought back by a revert', () => {
  it('named values: kept ones as masks, live ones opened, destroyed ones named', async () => {
    const kept = await keys.seal('kept-value-1111');
    const live = await keys.seal('live-value-2222');
    const gone = await keys.seal('gone-value-3333');
    const replacing = await keys.seal('replacing-4444');
    await keys.shred([gone]);
    const { input, notRestored } = await restoreNamedValues(
      { KEPT: kept, LIVE: live, GONE: gone },
      { KEPT: kept, GONE: replacing },
      keys,
    );
    expect(input).toEqual({ KEPT: maskOf('1111'), LIVE: 'live-value-2222', GONE: maskOf('4444') });
    expect(notRestored).toEqual([revertMessages.secretGone('GONE')]);
  });

  it('endpoints: a key still saved is its mask, a keyless one stays keyless, a destroyed one with nothing standing drops the endpoint', async () => {
    const key = await keys.seal('sk-still-here-5555');
    const lost = await keys.seal('sk-lost-6666');
    await keys.shred([lost]);
    const { input, notRestored } = await restoreEndpoints(
      [
        {
          name: 'gpt',
          endpoints: [
            { url: 'https://a.example/v1/chat/completions', key },
            { url: 'http://127.0.0.1:8000/v1/chat/completions' },
            { url: 'https://b.example/v1/chat/completions', key: lost },
          ],
        },
      ],
      [{ name: 'gpt', endpoints: [{ url: 'https://c.example/v1/chat/completions', key }] }],
      keys,
    );
    expect(input).toEqual({
      models: [
        {
          gpt: {
            endpoints: [
              { url: 'https://a.example/v1/chat/completions', key: maskOf('5555') },
              { url: 'http://127.0.0.1:8000/v1/chat/completions', key: '' },
            ],
          },
        },
      ],
    });
    expect(notRestored).toEqual([
      revertMessages.secretDropped('The key of gpt: https://b.example/v1/chat/completions'),
    ]);
  });
});
