import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defaultOpParameters,
  systemOpsStreamId,
  userOpsStreamId,
  type ChatStatus,
  type Op,
} from '@app/contracts';
import {
  createOutboundClient,
  inTransaction,
  loopbackAllowEntries,
  parseAllowList,
  type OutboundClient,
} from '@app/platform';
import {
  createTestDatabase,
  startModelServer,
  type ModelServer,
  type TestDatabase,
} from '@app/platform/testing';
import { generate } from '../../src/chat/generate';
import type { GenerationRequest } from '../../src/chat/generation-request';
import { chatToolsFor } from '../../src/chat/tool-ops';
import { handleCommand } from '../../src/shared/handle-command';
import { opsDecider } from '../../src/ops/index';
import { startOpServer, type OpServer } from '../support-ops/op-server';

const ann = 'ann@example.com';
const metadata = {
  actor: { email: 'test', kind: 'user' as const },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  requestId: 'r',
  schemaVersion: 1,
};

let database: TestDatabase;
let model: ModelServer;
let opServer: OpServer;
let otherLoopback: OpServer;
let modelClient: OutboundClient;
let userUrls: OutboundClient;

const weather = (url: string, name = 'get_weather'): Op => ({
  id: name,
  name,
  url,
  method: 'POST',
  description: 'The weather of a city',
  type: 'custom',
  tags: ['weather'],
  parameters: { properties: { city: { type: 'string', description: 'The city' } }, required: ['city'] },
});

const register = (streamId: string, ops: Op[]) =>
  inTransaction(database.db, (trx) =>
    handleCommand(trx, opsDecider, streamId, { type: 'RegisterOps', data: { ops } }, { metadata }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  model = await startModelServer();
  opServer = await startOpServer('127.0.0.1');
  otherLoopback = await startOpServer('127.0.0.3');
  modelClient = createOutboundClient({ allow: parseAllowList(loopbackAllowEntries) });
  userUrls = createOutboundClient({ allow: parseAllowList(['127.0.0.1']) });
  await register(systemOpsStreamId, [weather(`${opServer.origin}/weather`)]);
  await register(userOpsStreamId(ann), [
    weather(`${otherLoopback.origin}/weather`, 'sneaky'),
    { ...weather(`${opServer.origin}/weather`, 'unused'), parameters: defaultOpParameters() },
    weather(`${opServer.origin}/slow`, 'slow_op'),
  ]);
});
afterAll(async () => {
  await model.close();
  await opServer.close();
  await otherLoopback.close();
  await modelClient.close();
  await userUrls.close();
  await database.drop();
});

const ask = async (toolNames: string[], stop = new AbortController()) => {
  const tools = await chatToolsFor(
    { db: database.db, userUrls },
    { owner: ann, tools: toolNames.map((name) => ({ name })) },
  );
  const request: GenerationRequest = {
    kind: 'openai',
    modelId: 'gpt-4o',
    system: 'You are helpful.',
    messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
    temperature: 0.7,
    maxOutputTokens: 200,
    providerOptions: undefined,
    tools,
  };
  const deltas: string[] = [];
  const statuses: ChatStatus[] = [];
  const outcome = await generate(
    request,
    [{ open: () => Promise.resolve({ key: 'k', url: model.chatUrl }) }],
    modelClient,
    stop.signal,
    {
      onDelta: (d) => deltas.push(d),
      onFailover: () => Promise.resolve(),
      onStatus: (s) => statuses.push(s),
    },
  );
  return { tools, outcome, deltas, statuses };
};

const lastMessage = (i: number) => {
  const messages = model.requests[i]?.body['messages'] as { role: string; content: unknown }[];
  return messages.at(-1);
};

describe("an assistant's ops as tools in chat", () => {
  it('the model asks for the op, the op server gets the arguments, the model gets the result and answers', async () => {
    model.requests.length = 0;
    model.behave({
      toolCall: { name: 'get_weather', arguments: { city: 'Paris' } },
      echoToolResult: true,
      tokens: ['Done.'],
    });
    const { tools, outcome, deltas, statuses } = await ask(['get_weather', 'no_such_op']);
    expect(Object.keys(tools?.set ?? {})).toEqual(['get_weather']);
    expect(opServer.requests.map((r) => [r.method, r.url, JSON.parse(r.body) as unknown])).toEqual([
      ['POST', '/weather', { city: 'Paris' }],
    ]);
    expect(model.requests).toHaveLength(2);
    const offered = model.requests[0]?.body['tools'] as { function: { name: string; parameters: unknown } }[];
    expect(offered.map((t) => t.function.name)).toEqual(['get_weather']);
    expect(offered[0]?.function.parameters).toMatchObject({ type: 'object', required: ['city'] });
    expect(lastMessage(1)).toMatchObject({ role: 'tool' });
    expect(JSON.stringify(lastMessage(1)?.content)).toContain('sunny');
    expect(outcome.kind).toBe('completed');
    expect(deltas.join('')).toContain('sunny');
    expect(deltas.join('')).toMatch(/Done\.$/);
    expect(statuses).toEqual([
      { id: 'op:get_weather', summary: 'Calling get_weather...', type: 'op', inProgress: true },
      { id: 'op:get_weather', summary: 'Calling get_weather...', type: 'op', inProgress: false },
    ]);
    // Usage of both steps: 10 prompt tokens each.
    expect(outcome.kind === 'completed' ? outcome.reported?.inputTokens : undefined).toBe(20);
  });

  it('an op on a loopback address off the allow list is refused: its server sees nothing, the model is told', async () => {
    model.requests.length = 0;
    model.behave({
      toolCall: { name: 'sneaky', arguments: { city: 'Paris' } },
      echoToolResult: true,
      tokens: ['Sorry.'],
    });
    const { outcome } = await ask(['sneaky']);
    expect(otherLoopback.requests).toEqual([]);
    expect(outcome.kind).toBe('completed');
    expect(JSON.stringify(lastMessage(1)?.content)).toContain('refused');
  });

  it('without tools the request is unchanged (no tools offered)', async () => {
    model.requests.length = 0;
    model.behave({ toolCall: { name: 'get_weather', arguments: { city: 'Paris' } } });
    const { tools, outcome, deltas } = await ask([]);
    expect(tools).toBeUndefined();
    expect(outcome.kind).toBe('completed');
    expect(deltas.join('')).toBe('Hello from the test model.');
    expect(model.requests[0]?.body['tools']).toBeUndefined();
  });

  it('a model that keeps calling tools stops after the last step, which offers none', async () => {
    model.requests.length = 0;
    opServer.requests.length = 0;
    model.behave({
      toolCall: { name: 'get_weather', arguments: { city: 'Paris' } },
      repeatToolCall: true,
      tokens: ['Enough.'],
    });
    const { outcome, deltas } = await ask(['get_weather']);
    expect(outcome.kind).toBe('completed');
    expect(model.requests).toHaveLength(5);
    expect(opServer.requests).toHaveLength(4);
    expect(model.requests.at(-1)?.body['tools']).toBeUndefined();
    expect(deltas.join('')).toBe('Enough.');
  });

  it('the kill switch stops the answer while an op runs', async () => {
    model.requests.length = 0;
    model.behave({ toolCall: { name: 'slow_op', arguments: { city: 'Paris' } }, tokens: ['Never.'] });
    const stop = new AbortController();
    const asked = ask(['slow_op'], stop);
    await vi.waitFor(() => expect(opServer.requests.some((r) => r.url === '/slow')).toBe(true));
    stop.abort();
    const { outcome, deltas } = await asked;
    expect(outcome.kind).toBe('stopped');
    expect(deltas).toEqual([]);
    expect(model.requests).toHaveLength(1);
  });
});
