import { describe, expect, it } from 'vitest';
import { conversationMarkdown, ConversationFile, readConversationFile } from '@app/contracts';
import { turnId, type ChatTurn, type LocalConversation } from '../model/types';
import { threadOf } from '../versions/tree';
import { conversationFileOf, exportedOfLocal, localOfExported, mergedFile } from './local-file';

const at = '2026-11-26T10:00:00.000Z';
const usage = { inputTokens: 10, outputTokens: 20, cachedTokens: 0, cost: 0.01 };
const request = (requestId: string, parentRequestId: string | null): ChatTurn[] => [
  {
    id: turnId(requestId, 'user'),
    role: 'user',
    content: `asks ${requestId}`,
    requestId,
    parentRequestId,
    at,
  },
  {
    id: turnId(requestId, 'assistant'),
    role: 'assistant',
    content: `answers ${requestId}`,
    requestId,
    parentRequestId,
    at,
    model: 'gpt-4o',
    usage,
  },
];

const local: LocalConversation = {
  id: 'l1',
  name: 'Local trip',
  createdAt: at,
  updatedAt: at,
  messages: [...request('r1', null), ...request('r2', 'r1'), ...request('r2b', 'r1')],
  chosen: { r1: 'r2' },
};

describe('a local conversation in the conversations file', () => {
  it('Given two versions of a turn, when exported, every version is a turn and the one turned to is chosen', () => {
    const exported = exportedOfLocal(local);
    expect(exported.storage).toBe('future-local');
    expect(exported.turns.map((t) => [t.requestId, t.parentRequestId, t.chosen, t.model, t.cost])).toEqual([
      ['r1', null, false, 'gpt-4o', 0.01],
      ['r2', 'r1', true, 'gpt-4o', 0.01],
      ['r2b', 'r1', false, 'gpt-4o', 0.01],
    ]);
    expect(ConversationFile.safeParse(conversationFileOf([exported], at)).success).toBe(true);
  });

  it('When read back, the same messages and the same thread shown', () => {
    const back = localOfExported(exportedOfLocal(local));
    expect(back.messages).toEqual(local.messages);
    expect(threadOf(back.messages, back.chosen ?? {}).map((r) => r.requestId)).toEqual(['r1', 'r2']);
  });

  it('an import of its file (new ids) keeps the thread shown', () => {
    const read = readConversationFile(conversationFileOf([exportedOfLocal(local)], at), {
      storage: 'future-local',
      newId: (() => {
        let n = 0;
        return () => `n${(n += 1)}`;
      })(),
      now: at,
    });
    expect(read.ok).toBe(true);
    if (!read.ok || read.conversations[0] === undefined) return;
    const back = localOfExported(read.conversations[0]);
    expect(threadOf(back.messages, back.chosen ?? {}).map((r) => r.user?.content)).toEqual([
      'asks r1',
      'asks r2',
    ]);
  });

  it('Markdown of a local conversation names the model of each answer', () => {
    expect(conversationMarkdown(exportedOfLocal(local))).toContain('**gpt-4o** · $0.0100');
  });

  it('merges the cloud file with the local conversations, newest first', () => {
    const cloud = conversationFileOf(
      [
        {
          ...exportedOfLocal(local),
          id: 'c',
          storage: 'future-cloud',
          updatedAt: '2026-11-27T00:00:00.000Z',
        },
      ],
      at,
    );
    expect(mergedFile(cloud, [exportedOfLocal(local)], at).conversations.map((c) => c.id)).toEqual([
      'c',
      'l1',
    ]);
  });
});
