import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantMessages,
  fileStreamId,
  type ChatRequestInput,
  type EventMetadata,
  type FileEvent,
} from '@app/contracts';
import { appendToStream, createVectorStore, type Db, type VectorStore } from '@app/platform';
import {
  chatModelConfigurations,
  hashedEmbedding,
  startModelServer,
  testChatModelId,
  type ModelServer,
} from '@app/platform/testing';
import { chatRetrieverFor } from '../../src/chat/retrieval-wiring';
import { assistantForChat } from '../../src/chat/assistant-chat';
import { createAssistant } from '../../src/assistants/index';
import { startChatPlatform, type ChatPlatform } from '../support-chat/chat-platform';
import { createAs, publishAs } from '../support-assistants/assistant-calls';

const ann = 'ann@example.com';
const bob = 'bob@example.com';
const eve = 'eve@example.com';
const towerKey = `${ann}/tower.txt`;
const secretKey = `${ann}/secret.txt`;
const tower = 'The Eiffel Tower was completed in 1889 for the World Fair held in Paris.';
const secret = 'The Eiffel Tower secret: the vault code is 4321.';
const instructions = 'Always answer as a tour guide of Paris.';

let p: ChatPlatform;
let model: ModelServer;
let store: VectorStore | undefined;
let n = 0;
let guide = '';
let privateOne = '';

const metadataOf = (email: string): EventMetadata => {
  const id = randomUUID();
  return {
    actor: { email, kind: 'user' },
    commandId: id,
    correlationId: id,
    causationId: id,
    requestId: id,
    schemaVersion: 1,
  };
};

const embeddedFile = async (
  db: Db,
  vectors: VectorStore,
  key: string,
  owner: string,
  sha256: string,
  text: string,
) => {
  const events: FileEvent[] = [
    {
      type: 'FileUploadRequested',
      data: {
        key,
        owner,
        name: key.slice(key.indexOf('/') + 1),
        type: 'text/plain',
        knowledgeBase: 'default',
        tags: [],
        groupId: null,
        ragOn: true,
        data: {},
      },
    },
    { type: 'FileUploaded', data: { key, size: 100, md5: 'm', sha256 } },
    { type: 'FileProcessingStarted', data: { key, detectedType: 'text/plain' } },
    { type: 'FileProcessed', data: { key, sha256, totalItems: 1, chunks: 1, isImage: false, reused: false } },
    { type: 'FileEmbeddingQueued', data: { key, sha256, chunks: 1 } },
    { type: 'FileEmbedded', data: { key, sha256, chunks: 1, model: 'e' } },
  ];
  await appendToStream(db, fileStreamId(key), events, {
    expectedVersion: 'no-stream',
    metadata: metadataOf(owner),
  });
  await vectors.putChunks(sha256, [{ index: 0, text, location: { line: 1 } }]);
  await vectors.putVectors(sha256, [{ index: 0, vector: hashedEmbedding(text) }], 'e');
};

beforeAll(async () => {
  model = await startModelServer();
  p = await startChatPlatform({
    retrieval: (ports) => {
      const vectors = createVectorStore(ports.db);
      return async (request, caller, assistant) =>
        chatRetrieverFor({ ...ports, vectors: await vectors }, () => undefined)(request, caller, assistant);
    },
  });
  store = await createVectorStore(p.database.db);
  await p.configure([
    {
      type: 'featureFlags',
      data: { assistantPathPublishing: { enabled: true, userExceptions: [], amplifyGroupExceptions: [] } },
    },
    ...chatModelConfigurations(model.chatUrl, { embeddingsUrls: [model.embeddingsUrl] }),
  ]);
  await embeddedFile(p.database.db, store, towerKey, ann, 'a'.repeat(64), tower);
  await embeddedFile(p.database.db, store, secretKey, ann, 'c'.repeat(64), secret);
  guide = await createAs(p, ann, { name: 'Paris guide', instructions, fileKeys: [towerKey] });
  const published = await publishAs(p, ann, guide, 'paris-guide', {
    isPublic: false,
    accessTo: { users: [bob] },
  });
  expect(published.statusCode, published.body).toBe(200);
  privateOne = await createAs(p, ann, { name: 'Private', instructions: 'Never shown.' });
});

afterAll(async () => {
  await p.close();
  await model.close();
});

const ask = (assistantId: string, dataSources: ChatRequestInput['dataSources'] = []): ChatRequestInput => ({
  model: testChatModelId,
  max_tokens: 100,
  dataSources,
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'When was the Eiffel Tower completed?' },
  ],
  options: { requestId: `assistant-chat-${++n}`, assistantId },
});

const systemPromptSent = (): string => {
  const last = model.requests.filter((r) => r.url.includes('/chat/completions')).at(-1);
  const messages = (last?.body['messages'] ?? []) as { role: string; content: unknown }[];
  const system = messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content ?? '');
};

describe('chat with an assistant', () => {
  it("a permitted user's request carries the instructions after the system prompt and the owner's document", async () => {
    const body = ask(guide);
    const res = await p.chat(bob, body);
    expect(res.statusCode, res.body).toBe(200);
    const system = systemPromptSent();
    expect(system.startsWith(`You are terse.\n\n${instructions}`)).toBe(true);
    expect(system).toContain(tower);
    // The owner's other file is not the assistant's: never retrieved through it.
    expect(system).not.toContain('4321');
    const requested = (await p.chatEvents(body.options.requestId)).find((e) => e.type === 'ChatRequested');
    expect(requested?.data).toMatchObject({ assistantId: guide });
  });

  it("a permitted user naming another file of the owner's does not get it through the assistant", async () => {
    const res = await p.chat(bob, ask(guide, [{ id: secretKey }]));
    expect(res.statusCode).toBe(200);
    expect(systemPromptSent()).not.toContain('4321');
  });

  it('a user who may not use the assistant gets 403, nothing recorded and nothing sent to the model', async () => {
    const before = model.requests.length;
    const body = ask(guide);
    const res = await p.chat(eve, body);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toBe(assistantMessages.noAccess);
    const unpublished = await p.chat(bob, ask(privateOne));
    expect(unpublished.statusCode).toBe(403);
    const unknown = await p.chat(bob, ask('astp/00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(403);
    expect(model.requests.length).toBe(before);
    expect(await p.chatEvents(body.options.requestId)).toEqual([]);
  });

  it('the owner uses an unpublished assistant; a built-in is anyone’s', async () => {
    expect((await p.chat(ann, ask(privateOne))).statusCode).toBe(200);
    expect(systemPromptSent()).toContain('Never shown.');
    const builtIn = await p.chat(eve, ask('astgp/9a7f3b21-5c4d-4e8f-b6a1-7c2e9d0f3b03'));
    expect(builtIn.statusCode).toBe(200);
  });

  it("a group assistant is used by whom its group lets in (the group's answer), not by others", async () => {
    const groups = {
      isGroupAdmin: () => Promise.resolve(true),
      usableGroups: () => Promise.resolve(new Set<string>()),
    };
    const created = await createAssistant(
      p.database.db,
      {
        provider: 'amplify',
        name: 'Team bot',
        description: '',
        instructions: 'Team rules.',
        disclaimer: '',
        dataSources: [],
        tags: [],
        fileKeys: [],
        tools: [],
        groupId: 'g-1',
      },
      { email: ann },
      { metadata: metadataOf(ann), groups },
    );
    const id = created.data.assistantId;
    const member = await assistantForChat(p.database.db, id, bob, (_db, g, who) =>
      Promise.resolve(g === 'g-1' && who === bob),
    );
    expect(member).toMatchObject({ assistantId: id, instructions: 'Team rules.' });
    expect(await assistantForChat(p.database.db, id, eve, () => Promise.resolve(false))).toBe('refused');
    expect(await assistantForChat(p.database.db, id, ann, () => Promise.resolve(false))).not.toBe('refused');
  });

  it('a new group assistant needs an admin of that group', async () => {
    await expect(
      createAssistant(
        p.database.db,
        {
          provider: 'amplify',
          name: 'x',
          description: '',
          instructions: '',
          disclaimer: '',
          dataSources: [],
          tags: [],
          fileKeys: [],
          tools: [],
          groupId: 'g-2',
        },
        { email: eve },
        { metadata: metadataOf(eve) },
      ),
    ).rejects.toThrow(assistantMessages.notGroupAdmin);
  });
});
