import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationExportRoutes,
  conversationFileLimits,
  conversationFileMessages,
  conversationRoutes,
  type ConversationFile,
  type ConversationMessagesResponse,
  type ConversationsResponse,
  type ExportedConversation,
  type ImportConversationsResponse,
  type ImportRefusedResponse,
} from '@app/contracts';
import { rebuild } from '../../src/index';
import { conversationsProjection } from '../../src/projections/conversations';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { chat, type ChatTurn } from './conversation-chat';

const ann = 'ann@example.com';
const bob = 'bob@example.com';

const chatGptFile: unknown = JSON.parse(
  readFileSync(new URL('../../../../test/fixtures/chatgpt-conversations.json', import.meta.url), 'utf8'),
);

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ admins: [ann] });
});
afterAll(async () => {
  await p.close();
});

const cloud = (conversationId: string, requestId: string, rest: Partial<ChatTurn> = {}): ChatTurn => ({
  conversationId,
  requestId,
  storage: 'future-cloud',
  message: `asks ${requestId}`,
  answer: `answers ${requestId}`,
  cost: 0.01,
  ...rest,
});

const exportJson = async (email: string, conversationId: string, waitFor?: string) => {
  const res = await p.call(
    email,
    'GET',
    `${conversationExportRoutes.one(conversationId, 'json')}${waitFor ? `&waitFor=${waitFor}` : ''}`,
  );
  return {
    status: res.statusCode,
    headers: res.headers,
    file: res.statusCode === 200 ? res.json<ConversationFile>() : null,
  };
};

const importFile = async (email: string, file: unknown, storage = 'future-cloud') => {
  const res = await p.call(email, 'POST', conversationExportRoutes.import, { body: { storage, file } });
  return { status: res.statusCode, body: res.json<ImportAnswer>() };
};

/** An import's answer, 200 or 400. */
type ImportAnswer = Partial<Omit<ImportConversationsResponse, 'success'>> &
  Partial<Omit<ImportRefusedResponse, 'success'>>;

/** A conversation's tree with its ids replaced by their places: what an import keeps. */
const shape = (c: ExportedConversation) => {
  const index = new Map(c.turns.map((t, i) => [t.requestId, i]));
  return c.turns.map((t) => ({
    ...t,
    requestId: index.get(t.requestId),
    parentRequestId: t.parentRequestId === null ? null : index.get(t.parentRequestId),
  }));
};

const eventCount = async () =>
  Number(
    (
      await p.database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('export and import of conversations', () => {
  it('the JSON export of a cloud conversation with two versions of a turn re-imports to the same tree', async () => {
    await chat(p.database.db, ann, cloud('trip', 'r1', { parentRequestId: null }));
    await chat(p.database.db, ann, cloud('trip', 'r2', { parentRequestId: 'r1' }));
    const last = await chat(p.database.db, ann, cloud('trip', 'r2b', { parentRequestId: 'r1', cost: 0.02 }));
    const exported = await exportJson(ann, 'trip', last);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const [trip] = exported.file?.conversations ?? [];
    expect(
      trip?.turns.map((t) => [t.requestId, t.parentRequestId, t.question, t.answer, t.model, t.cost]),
    ).toEqual([
      ['r1', null, 'asks r1', 'answers r1', 'gpt-4o', 0.01],
      ['r2', 'r1', 'asks r2', 'answers r2', 'gpt-4o', 0.01],
      ['r2b', 'r1', 'asks r2b', 'answers r2b', 'gpt-4o', 0.02],
    ]);
    expect(trip?.turns[0]).toMatchObject({ tokensIn: 10, tokensOut: 20 });

    const imported = await importFile(ann, exported.file);
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(1);
    const [id] = imported.body.ids ?? [];
    expect(id).toBeDefined();
    expect(id).not.toBe('trip');
    const again = await exportJson(ann, id ?? '', imported.body.position);
    const [copy] = again.file?.conversations ?? [];
    expect(copy && shape(copy).map(({ at: _at, ...t }) => t)).toEqual(
      trip && shape(trip).map(({ at: _at, ...t }) => t),
    );
    expect(copy?.name).toBe(trip?.name);

    // It lists and opens with its versions, like any cloud conversation.
    const list = await p.call(ann, 'GET', conversationRoutes.list);
    expect(list.json<ConversationsResponse>().data.find((c) => c.id === id)).toMatchObject({
      storage: 'future-cloud',
      requests: 3,
    });
    const messages = await p.call(ann, 'GET', conversationRoutes.messages(id ?? ''));
    const data = messages.json<ConversationMessagesResponse>().data;
    expect(data.map((m) => [m.role, m.content])).toEqual([
      ['user', 'asks r1'],
      ['assistant', 'answers r1'],
      ['user', 'asks r2'],
      ['assistant', 'answers r2'],
      ['user', 'asks r2b'],
      ['assistant', 'answers r2b'],
    ]);
    expect(data[2]?.parentRequestId).toBe(data[0]?.requestId);
    expect(data[4]?.parentRequestId).toBe(data[0]?.requestId);
  });

  it('Markdown: the title, who asked, which model answered at what cost', async () => {
    const res = await p.call(ann, 'GET', conversationExportRoutes.one('trip', 'markdown'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.headers['content-disposition']).toMatch(/\.md"$/);
    expect(res.body).toMatch(/^# asks r1/);
    expect(res.body).toContain('**You**');
    expect(res.body).toContain('**gpt-4o** · $0.0200');
    expect(res.body).toContain('version 2 of 2');
  });

  it("another user's conversation, or a local one, is a 404", async () => {
    expect((await exportJson(bob, 'trip')).status).toBe(404);
    await chat(p.database.db, ann, {
      conversationId: 'here',
      storage: 'future-local',
      message: 'x',
      cost: 0.01,
    });
    expect((await exportJson(ann, 'here')).status).toBe(404);
  });

  it('GET /api/conversations/export: all the caller’s cloud conversations, one file', async () => {
    const res = await p.call(ann, 'GET', `${conversationExportRoutes.all}?format=json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="conversations.json"');
    const file = res.json<ConversationFile>();
    expect(file.format).toBe('amplify-conversations');
    expect(file.conversations.map((c) => c.id)).toContain('trip');
    expect(file.conversations.every((c) => c.storage === 'future-cloud')).toBe(true);
    const bobs = (await p.call(bob, 'GET', conversationExportRoutes.all)).json<ConversationFile>();
    expect(bobs.conversations).toEqual([]);
  });

  it("ChatGPT's conversations.json imports with its titles, messages and versions", async () => {
    const imported = await importFile(bob, chatGptFile);
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(2);
    const list = await p.call(bob, 'GET', `${conversationRoutes.list}?waitFor=${imported.body.position}`);
    const names = list.json<ConversationsResponse>().data.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Trip to Lisbon', 'Haiku']));
    const trip = list.json<ConversationsResponse>().data.find((c) => c.name === 'Trip to Lisbon');
    const messages = (
      await p.call(bob, 'GET', conversationRoutes.messages(trip?.id ?? ''))
    ).json<ConversationMessagesResponse>();
    expect(messages.data.map((m) => m.content)).toEqual([
      'Where should I stay in Lisbon?',
      'Alfama or Baixa.',
      'And to eat?',
      'Pasteis de nata.',
      'And to eat?',
      'Bacalhau, then pasteis de nata.',
    ]);
    // The version on ChatGPT's current path is the one chosen.
    expect(messages.data.filter((m) => m.chosen).map((m) => m.content)).toContain(
      'Bacalhau, then pasteis de nata.',
    );
  });

  it('into the browser: checked and given new ids, nothing appended', async () => {
    const before = await eventCount();
    const imported = await importFile(ann, chatGptFile, 'future-local');
    expect(imported.status).toBe(200);
    expect((imported.body.conversations ?? []).map((c) => [c.name, c.storage])).toEqual([
      ['Trip to Lisbon', 'future-local'],
      ['Haiku', 'future-local'],
    ]);
    expect(imported.body.conversations?.[0]?.turns.map((t) => t.requestId)).not.toContain('a1');
    expect(await eventCount()).toBe(before);
  });

  it('malformed files and too many conversations are a 400 that appends nothing', async () => {
    const before = await eventCount();
    const notOurs = await importFile(ann, { hello: 'world' });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.message).toBe(conversationFileMessages.notAFile);

    const broken = await importFile(ann, [
      (chatGptFile as unknown[])[0],
      { title: 'Broken', mapping: 'nope' },
    ]);
    expect(broken.status).toBe(400);
    expect(broken.body.problems?.map((x) => [x.index, x.title])).toEqual([[2, 'Broken']]);

    const many = Array.from({ length: conversationFileLimits.conversations + 1 }, () => ({
      title: 't',
      mapping: {},
    }));
    const tooMany = await importFile(ann, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(conversationFileMessages.tooManyConversations(many.length));

    const badBody = await p.call(ann, 'POST', conversationExportRoutes.import, {
      body: { storage: 'moon', file: [] },
    });
    expect(badBody.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('a file of a few megabytes imports; a body past 10 MB is refused, nothing appended', async () => {
    const long = 'x'.repeat(900_000);
    const turn = (requestId: string, parentRequestId: string | null) => ({
      requestId,
      parentRequestId,
      question: long,
      answer: long,
      model: 'gpt-4o',
      at: '2026-11-26T10:00:00.000Z',
      tokensIn: null,
      tokensOut: null,
      cost: null,
      chosen: false,
    });
    const conversation = {
      id: 'big',
      name: 'Big',
      storage: 'future-cloud',
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
      turns: [turn('a', null), turn('b', 'a')],
    };
    const file = { format: 'amplify-conversations', version: 1, exportedAt: '2026-11-26T12:00:00.000Z' };
    const big = await importFile(ann, { ...file, conversations: [conversation] }, 'future-local');
    expect(big.status).toBe(200);
    expect(big.body.conversations?.[0]?.turns[1]?.answer).toHaveLength(900_000);

    const before = await eventCount();
    const tooBig = await p.call(ann, 'POST', conversationExportRoutes.import, {
      body: {
        storage: 'future-cloud',
        file: { ...file, conversations: Array.from({ length: 6 }, () => conversation) },
      },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it('ids of the file are never taken: an import of someone else’s ids cannot touch theirs', async () => {
    const exported = await exportJson(ann, 'trip');
    const imported = await importFile(bob, exported.file);
    expect(imported.status).toBe(200);
    expect(imported.body.ids).not.toContain('trip');
    const annsTrip = await exportJson(ann, 'trip', imported.body.position);
    expect(annsTrip.file?.conversations[0]?.turns).toHaveLength(3);
    expect((await exportJson(bob, 'trip')).status).toBe(404);
  });

  it('a rebuild from the log gives the same imported turns and messages as the runner', async () => {
    await p.settle();
    const rows = async () => ({
      turns: await p.database.db
        .selectFrom('rm_conversation_turns')
        .selectAll()
        .orderBy('request_id')
        .execute(),
      messages: await p.database.db
        .selectFrom('rm_conversation_messages')
        .select(['request_id', 'role', 'content', 'ordinal'])
        .orderBy('position')
        .orderBy('ordinal')
        .execute(),
    });
    const folded = await rows();
    expect(folded.turns.some((t) => t.cost !== null && t.model !== null)).toBe(true);
    await rebuild(p.database.db, conversationsProjection);
    expect(await rows()).toEqual(folded);
  });
});
