import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequestInput } from '@app/contracts';
import { startModelServer, testChatModel, type ModelServer } from '@app/platform/testing';
import { answerText, parseSse, startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';
import { modelsWithEndpoints } from '../support-chat/chat-config';

/**
 * A plain request's provider call is prepared from the configuration this instance kept, while the
 * request's reads are made (speculative-call.ts). What was read decides: a call prepared from an
 * older configuration is never sent, nor one of a request refused after its reads.
 */
const ann = 'ann@example.com';
const model = testChatModel({ id: 'moving-model', name: 'Moving' });

let p: ChatPlatform;
let first: ModelServer;
let second: ModelServer;
let n = 0;

const ask = (): ChatRequestInput => ({
  model: model.id,
  max_tokens: 100,
  messages: [{ role: 'user', content: 'where do you run?' }],
  options: { requestId: `speculative-${++n}` },
});

const endpointAt = (server: ModelServer, key: string) =>
  modelsWithEndpoints([{ model, endpoints: [{ url: server.chatUrl, key }] }]);

beforeAll(async () => {
  first = await startModelServer();
  second = await startModelServer();
  p = await startChatPlatform();
  await p.configure(endpointAt(first, 'k-first'));
});

afterAll(async () => {
  await p.close();
  await Promise.all([first.close(), second.close()]);
});

describe('POST /api/chat: a plain request prepared while it is read', () => {
  it('given the endpoint moved since the last chat, when the user chats, then only the new endpoint is asked', async () => {
    const before = await p.chat(ann, ask());
    expect(before.statusCode).toBe(200);
    expect(first.requests).toHaveLength(1);

    await p.configure(endpointAt(second, 'k-second'));
    const res = await p.chat(ann, ask());

    expect(res.statusCode).toBe(200);
    expect(answerText(parseSse(res.body).events.map((e) => e.chunk))).toBe('Hello from the test model.');
    expect(second.requests).toHaveLength(1);
    expect(first.requests).toHaveLength(1);
  });

  it('given a request id already used, when it is sent again, then 409 and no provider is asked', async () => {
    const body = ask();
    expect((await p.chat(ann, body)).statusCode).toBe(200);
    const asked = second.requests.length;

    const again = await p.chat(ann, body);

    expect(again.statusCode).toBe(409);
    expect(second.requests).toHaveLength(asked);
  });
});
