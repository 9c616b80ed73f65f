import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ChatGptConversation, fromChatGpt } from './chatgpt-conversations';
import {
  ConversationFile,
  conversationFileLimits,
  conversationFileMessages,
  type ExportedConversation,
  type ExportedTurn,
} from './conversation-export';
import { readConversationFile } from './conversation-import';
import { conversationMarkdown } from './conversation-markdown';
import { orderedTree, threadFrom, versionsAfter } from './conversation-tree';

const chatGptFile: unknown = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/chatgpt-conversations.json', import.meta.url), 'utf8'),
);

const turn = (
  requestId: string,
  parentRequestId: string | null,
  rest: Partial<ExportedTurn> = {},
): ExportedTurn => ({
  requestId,
  parentRequestId,
  question: `asks ${requestId}`,
  answer: `answers ${requestId}`,
  model: 'gpt-4o',
  at: '2026-11-26T10:00:00.000Z',
  tokensIn: 10,
  tokensOut: 20,
  cost: 0.01,
  chosen: false,
  ...rest,
});

const conversation = (turns: ExportedTurn[]): ExportedConversation => ({
  id: 'c1',
  name: 'Trip',
  storage: 'future-cloud',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T11:00:00.000Z',
  turns,
});

const file = (conversations: unknown[]) => ({
  format: 'amplify-conversations',
  version: 1,
  exportedAt: '2026-11-26T12:00:00.000Z',
  conversations,
});

let counter = 0;
const at = (storage: 'future-cloud' | 'future-local' = 'future-cloud') => ({
  storage,
  newId: () => `new-${(counter += 1)}`,
  now: '2026-11-26T12:00:00.000Z',
});

/** A conversation's tree with its ids replaced by their places: what survives an import. */
const shape = (c: ExportedConversation) => {
  const index = new Map(c.turns.map((t, i) => [t.requestId, i]));
  return c.turns.map((t) => ({
    ...t,
    requestId: index.get(t.requestId),
    parentRequestId: t.parentRequestId === null ? null : index.get(t.parentRequestId),
  }));
};

describe('the tree of a conversation', () => {
  it('Given two versions of a turn, the thread read follows the chosen one, else the newest', () => {
    const turns = [turn('r1', null), turn('r2', 'r1'), turn('r2b', 'r1'), turn('r3', 'r2')];
    expect(threadFrom(versionsAfter(turns), null).map((t) => t.requestId)).toEqual(['r1', 'r2b']);
    const chosen = turns.map((t) => (t.requestId === 'r2' ? { ...t, chosen: true } : t));
    expect(threadFrom(versionsAfter(chosen), null).map((t) => t.requestId)).toEqual(['r1', 'r2', 'r3']);
  });

  it('orders parents first, and names a turn that follows one not there, or an id twice', () => {
    const ordered = orderedTree([turn('r2', 'r1'), turn('r1', null)]);
    expect(Array.isArray(ordered) && ordered.map((t) => t.requestId)).toEqual(['r1', 'r2']);
    expect(orderedTree([turn('r1', null), turn('r2', 'gone')])).toEqual({
      kind: 'noParent',
      requestId: 'r2',
    });
    expect(orderedTree([turn('r1', null), turn('r1', null)])).toEqual({ kind: 'duplicate', requestId: 'r1' });
    // A loop reaches no first turn.
    expect(orderedTree([turn('a', 'b'), turn('b', 'a')])).toEqual({ kind: 'noParent', requestId: 'a' });
  });
});

describe('reading a conversations file', () => {
  it('When our file is read, every id is new, the tree and the chosen versions are the same', () => {
    const original = conversation([turn('r1', null), turn('r2', 'r1', { chosen: true }), turn('r2b', 'r1')]);
    const read = readConversationFile(file([original]), at());
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const [imported] = read.conversations;
    expect(imported?.id).not.toBe('c1');
    expect(imported?.turns.map((t) => t.requestId)).not.toContain('r1');
    expect(imported && shape(imported)).toEqual(shape(original));
    expect(ConversationFile.safeParse(file(read.conversations)).success).toBe(true);
  });

  it('When a conversation cannot be read, none is imported and each one is named with its place', () => {
    const good = conversation([turn('r1', null)]);
    const broken = { ...conversation([turn('r1', null), turn('r2', 'nowhere')]), name: 'Broken' };
    const read = readConversationFile(file([good, broken, { name: 'Bare' }]), at());
    expect(read).toMatchObject({ ok: false, message: conversationFileMessages.unreadable(2) });
    if (read.ok) return;
    expect(read.problems?.map((p) => [p.index, p.title])).toEqual([
      [2, 'Broken'],
      [3, 'Bare'],
    ]);
    expect(read.problems?.[0]?.message).toBe(conversationFileMessages.noParent('r2'));
  });

  it('refuses a file that is neither ours nor ChatGPT’s, and one with too many conversations', () => {
    expect(readConversationFile({ hello: 1 }, at())).toEqual({
      ok: false,
      message: conversationFileMessages.notAFile,
    });
    expect(readConversationFile({ ...file([]), version: 2 }, at()).ok).toBe(false);
    const many = Array.from({ length: conversationFileLimits.conversations + 1 }, () =>
      conversation([turn('r', null)]),
    );
    expect(readConversationFile(file(many), at())).toEqual({
      ok: false,
      message: conversationFileMessages.tooManyConversations(many.length),
    });
  });

  it('keeps the storage asked for', () => {
    const read = readConversationFile(file([conversation([turn('r1', null)])]), at('future-local'));
    expect(read.ok && read.conversations[0]?.storage).toBe('future-local');
  });
});

describe("ChatGPT's conversations.json", () => {
  it('Given its mapping, each user message is a turn and each reply a version; the current path is chosen', () => {
    const first = ChatGptConversation.parse((chatGptFile as unknown[])[0]);
    const ours = fromChatGpt(first, '2026-11-26T12:00:00.000Z');
    expect(ours.name).toBe('Trip to Lisbon');
    expect(
      ours.turns.map((t) => [t.requestId, t.parentRequestId, t.question, t.answer, t.model, t.chosen]),
    ).toEqual([
      ['a1', null, 'Where should I stay in Lisbon?', 'Alfama or Baixa.', 'gpt-4o', true],
      ['a2', 'a1', 'And to eat?', 'Pasteis de nata.', 'gpt-4o', false],
      ['a2b', 'a1', 'And to eat?', 'Bacalhau, then pasteis de nata.', 'gpt-4o-mini', true],
    ]);
    expect(ours.turns[0]?.at).toBe(new Date(1732000010 * 1000).toISOString());
  });

  it('reads the whole file, titles kept', () => {
    const read = readConversationFile(chatGptFile, at());
    expect(read.ok && read.conversations.map((c) => [c.name, c.turns.length])).toEqual([
      ['Trip to Lisbon', 3],
      ['Haiku', 1],
    ]);
  });

  it('a conversation without a mapping is named as unreadable', () => {
    const read = readConversationFile([{ title: 'No mapping' }], at());
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems?.[0]?.title).toBe('No mapping');
  });
});

describe('Markdown', () => {
  it('says who asked, which model answered at what cost, and notes the versions', () => {
    const md = conversationMarkdown(
      conversation([
        turn('r1', null),
        turn('r2', 'r1', { chosen: true, model: 'claude' }),
        turn('r2b', 'r1'),
      ]),
    );
    expect(md.startsWith('# Trip\n')).toBe(true);
    expect(md).toContain('**You**');
    expect(md).toContain('**gpt-4o** · $0.0100 · 10 tokens in, 20 out');
    expect(md).toContain('### Turn 2 · version 1 of 2');
    expect(md).toContain('## Other versions');
    expect(md).toContain('### Turn 2 · version 2 of 2');
    expect(md.indexOf('answers r2\n')).toBeLessThan(md.indexOf('## Other versions'));
    expect(md.indexOf('answers r2b')).toBeGreaterThan(md.indexOf('## Other versions'));
  });
});
