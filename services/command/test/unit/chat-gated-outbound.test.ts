import { describe, expect, it } from 'vitest';
import type { OutboundClient } from '@app/platform';
import { gatedOutbound, NotAccepted } from '../../src/chat/gated-outbound';

/** An outbound client that records the urls it was asked to call. */
const recording = () => {
  const called: string[] = [];
  const client: OutboundClient = {
    request: (url) => {
      called.push(String(url));
      return Promise.resolve({ status: 200, headers: {}, body: Buffer.from(''), url: String(url) });
    },
    fetch: (url) => {
      called.push(String(url));
      return Promise.resolve(new Response('ok'));
    },
    close: () => Promise.resolve(),
  };
  return { client, called };
};

const turn = () => new Promise((r) => setImmediate(r));

describe('the gate of a chat request’s outbound calls', () => {
  it('given a call prepared before the request is accepted, when nothing is decided yet, then nothing is sent', async () => {
    const out = recording();
    const gate = gatedOutbound(out.client);
    void gate.client.fetch('http://127.0.0.1:1/v1/chat/completions');
    await turn();
    expect(out.called).toEqual([]);
  });

  it('given a call waiting, when the request is accepted, then it is sent', async () => {
    const out = recording();
    const gate = gatedOutbound(out.client);
    const answer = gate.client.fetch('http://127.0.0.1:1/v1/chat/completions');
    gate.open();
    expect(await (await answer).text()).toBe('ok');
    expect(out.called).toEqual(['http://127.0.0.1:1/v1/chat/completions']);
  });

  it('given calls waiting, when the request is refused, then each fails with NotAccepted and none is sent', async () => {
    const out = recording();
    const gate = gatedOutbound(out.client);
    const streamed = gate.client.fetch('http://127.0.0.1:1/a');
    const requested = gate.client.request('http://127.0.0.1:1/b');
    gate.shut();
    await expect(streamed).rejects.toBeInstanceOf(NotAccepted);
    await expect(requested).rejects.toBeInstanceOf(NotAccepted);
    // A call made after the refusal is refused too.
    await expect(gate.client.fetch('http://127.0.0.1:1/c')).rejects.toBeInstanceOf(NotAccepted);
    expect(out.called).toEqual([]);
  });
});
