import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest } from '@app/contracts';
import { createOutboundClient, parseAllowList, type OutboundClient } from '@app/platform';
import { startModelServer, testChatModel, type ModelServer } from '@app/platform/testing';
import { startGeneration, type GenerationSink } from '../../src/chat/early-generation';
import type { EndpointSource } from '../../src/chat/generate';
import { generationRequestOf } from '../../src/chat/generation-request';

let server: ModelServer;
let outbound: OutboundClient;

beforeAll(async () => {
  server = await startModelServer();
  outbound = createOutboundClient({ allow: parseAllowList(['127.0.0.1']) });
});

afterAll(async () => {
  await outbound.close();
  await server.close();
});

const request: ChatRequest = {
  model: 'm',
  temperature: 0.4,
  max_tokens: 100,
  stream: true,
  dataSources: [],
  messages: [{ role: 'user', content: 'Hi' }],
  options: { requestId: 'r' },
};

const asked = () => generationRequestOf(request, testChatModel());
const endpoint = (url = server.chatUrl): EndpointSource => ({
  open: () => Promise.resolve({ url, key: 'sk-unit-key' }),
});

/** A sink that keeps what it is handed, in order. */
const recording = () => {
  const seen: string[] = [];
  const sink: GenerationSink = {
    onDelta: (d) => seen.push(`delta:${d}`),
    onFailover: (reason) => {
      seen.push(`failover:${reason}`);
      return Promise.resolve();
    },
    onFailure: () => seen.push('failure'),
  };
  return { seen, sink };
};

describe('a generation started while the request commits', () => {
  it('holds every token until attached, then hands them on in order', async () => {
    server.behave({ tokens: ['a', 'b', 'c'] });
    const g = startGeneration(asked(), [endpoint()], outbound, new AbortController().signal);
    const outcome = await g.outcome;
    expect(outcome).toMatchObject({ kind: 'completed', answer: 'abc' });
    const { seen, sink } = recording();
    g.attach(sink);
    expect(seen).toEqual(['delta:a', 'delta:b', 'delta:c']);
  });

  it('a failover waits for the attach (its status is recorded on the committed stream)', async () => {
    server.behave({ tokens: ['ok'] });
    const g = startGeneration(
      asked(),
      [endpoint('http://127.0.0.1:9/v1/chat/completions'), endpoint()],
      outbound,
      new AbortController().signal,
    );
    let settled = false;
    void g.outcome.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    const { seen, sink } = recording();
    g.attach(sink);
    expect(await g.outcome).toMatchObject({ kind: 'completed', answer: 'ok' });
    expect(seen[0]).toMatch(/^failover:/);
    expect(seen.slice(1)).toEqual(['delta:ok']);
  });

  it('cancelled (the commit failed): the provider call is aborted and nothing is handed on', async () => {
    server.behave({ tokens: ['x', 'y'], firstTokenDelayMs: 2_000 });
    const g = startGeneration(asked(), [endpoint()], outbound, new AbortController().signal);
    await new Promise((r) => setTimeout(r, 100));
    g.cancel();
    expect(await g.outcome).toMatchObject({ kind: 'stopped', answer: '', reason: 'user' });
  });
});
