import { describe, expect, it } from 'vitest';
import { sidebarSections } from './sidebar-sections';
import type { FilingView } from './filing-state';

const c = (id: string) => ({ id });
const filing: FilingView = {
  folders: [
    { id: 'f1', name: 'Work' },
    { id: 'f2', name: 'Empty' },
  ],
  byConversation: {
    a: { conversationId: 'a', folderId: 'f1', pinned: false, tags: ['q3'] },
    b: { conversationId: 'b', folderId: 'f1', pinned: true, tags: [] },
    d: { conversationId: 'd', folderId: 'gone', pinned: false, tags: ['q3'] },
  },
};

describe('the sidebar sections', () => {
  it('pinned first (whatever their folder), each folder with its conversations (empty ones too), the rest unfiled', () => {
    expect(sidebarSections([c('a'), c('b'), c('c'), c('d')], filing)).toEqual({
      pinned: [c('b')],
      folders: [
        { folder: { id: 'f1', name: 'Work' }, items: [c('a')] },
        { folder: { id: 'f2', name: 'Empty' }, items: [] },
      ],
      unfiled: [c('c'), c('d')],
    });
  });

  it('without a filing yet, everything is unfiled', () => {
    expect(sidebarSections([c('a')], null)).toEqual({ pinned: [], folders: [], unfiled: [c('a')] });
  });

  it('filtered by a tag: only the conversations carrying it, folders without one left out', () => {
    expect(sidebarSections([c('a'), c('b'), c('c'), c('d')], filing, 'q3')).toEqual({
      pinned: [],
      folders: [{ folder: { id: 'f1', name: 'Work' }, items: [c('a')] }],
      unfiled: [c('d')],
    });
  });

  it('a conversation id like __proto__ is unfiled like any other', () => {
    expect(sidebarSections([c('__proto__')], filing).unfiled).toEqual([c('__proto__')]);
  });
});
