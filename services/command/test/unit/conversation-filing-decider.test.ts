import { describe, expect, it } from 'vitest';
import { filingLimits, filingMessages, type ConversationFilingEvent } from '@app/contracts';
import { filingDecider, FilingRefusal } from '../../src/conversation-filing/filing-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(filingDecider);
/** The HTTP status the route answers for the decider's refusal of `command` on `state`. */
const refusalStatus = (...[command, state]: Parameters<typeof filingDecider.decide>): number | null => {
  try {
    filingDecider.decide(command, state);
    return null;
  } catch (e) {
    return e instanceof FilingRefusal ? e.status : null;
  }
};
const created = (folderId: string, name: string): ConversationFilingEvent => ({
  type: 'FolderCreated',
  data: { folderId, name },
});
const filed = (conversationId: string, folderId: string | null): ConversationFilingEvent => ({
  type: 'ConversationFiled',
  data: { conversationId, folderId },
});
const tagged = (conversationId: string, tag: string): ConversationFilingEvent => ({
  type: 'ConversationTagged',
  data: { conversationId, tag },
});

describe('conversation filing decider', () => {
  it('given no folder, when one is created, then FolderCreated', () => {
    given([])
      .when({ type: 'CreateFolder', data: { folderId: 'f1', name: 'Work' } })
      .then([created('f1', 'Work')]);
  });

  it('given a folder Work, when another is created as "work", then it is refused as taken (409)', () => {
    given([created('f1', 'Work')])
      .when({ type: 'CreateFolder', data: { folderId: 'f2', name: 'work' } })
      .thenThrows(filingMessages.folderExists('work'));
    expect(
      refusalStatus(
        { type: 'CreateFolder', data: { folderId: 'f2', name: 'Work' } },
        { folders: { f1: 'Work' }, conversations: {} },
      ),
    ).toBe(409);
  });

  it('given the same folder id already made (a retry), when created again, then nothing', () => {
    given([created('f1', 'Work')])
      .when({ type: 'CreateFolder', data: { folderId: 'f1', name: 'Work' } })
      .then([]);
  });

  it('given 200 folders, when a 201st is created, then it is refused', () => {
    const folders = Array.from({ length: filingLimits.foldersPerUser }, (_, i) => created(`f${i}`, `F${i}`));
    given(folders)
      .when({ type: 'CreateFolder', data: { folderId: 'new', name: 'One more' } })
      .thenThrows(filingMessages.tooManyFolders);
  });

  it('given a folder, when renamed, then FolderRenamed; the same name again: nothing', () => {
    given([created('f1', 'Work')])
      .when({ type: 'RenameFolder', data: { folderId: 'f1', name: 'Job' } })
      .then([{ type: 'FolderRenamed', data: { folderId: 'f1', name: 'Job' } }]);
    given([created('f1', 'Work')])
      .when({ type: 'RenameFolder', data: { folderId: 'f1', name: 'Work' } })
      .then([]);
  });

  it('given two folders, when one is renamed to the other name, then it is refused', () => {
    given([created('f1', 'Work'), created('f2', 'Home')])
      .when({ type: 'RenameFolder', data: { folderId: 'f2', name: 'Work' } })
      .thenThrows(filingMessages.folderExists('Work'));
  });

  it('given no such folder, when it is renamed, deleted or filed into, then 404', () => {
    for (const command of [
      { type: 'RenameFolder' as const, data: { folderId: 'nope', name: 'X' } },
      { type: 'DeleteFolder' as const, data: { folderId: 'nope' } },
      { type: 'FileConversation' as const, data: { conversationId: 'c1', folderId: 'nope' } },
    ]) {
      given([created('f1', 'Work')])
        .when(command)
        .thenThrows(filingMessages.noSuchFolder('nope'));
      expect(refusalStatus(command, { folders: { f1: 'Work' }, conversations: {} })).toBe(404);
    }
  });

  it('given a conversation in a folder, when the folder is deleted, then it is unfiled, its pin and tags kept', () => {
    const events = [
      created('f1', 'Work'),
      filed('c1', 'f1'),
      tagged('c1', 'urgent'),
      { type: 'ConversationPinned', data: { conversationId: 'c1' } } as const,
    ];
    given(events)
      .when({ type: 'DeleteFolder', data: { folderId: 'f1' } })
      .then([{ type: 'FolderDeleted', data: { folderId: 'f1' } }]);
    const state = [...events, { type: 'FolderDeleted', data: { folderId: 'f1' } } as const].reduce(
      filingDecider.evolve,
      filingDecider.initialState(),
    );
    expect(state).toEqual({
      folders: {},
      conversations: { c1: { folderId: null, pinned: true, tags: ['urgent'] } },
    });
  });

  it('given a folder, when a conversation is filed into it, then ConversationFiled; again: nothing; out: null', () => {
    given([created('f1', 'Work')])
      .when({ type: 'FileConversation', data: { conversationId: 'c1', folderId: 'f1' } })
      .then([filed('c1', 'f1')]);
    given([created('f1', 'Work'), filed('c1', 'f1')])
      .when({ type: 'FileConversation', data: { conversationId: 'c1', folderId: 'f1' } })
      .then([]);
    given([created('f1', 'Work'), filed('c1', 'f1')])
      .when({ type: 'FileConversation', data: { conversationId: 'c1', folderId: null } })
      .then([filed('c1', null)]);
    given([])
      .when({ type: 'FileConversation', data: { conversationId: 'c1', folderId: null } })
      .then([]);
  });

  it('pinning: pinned once, unpinned once, nothing when already so', () => {
    const pin = { type: 'PinConversation' as const, data: { conversationId: 'c1' } };
    const unpin = { type: 'UnpinConversation' as const, data: { conversationId: 'c1' } };
    given([])
      .when(pin)
      .then([{ type: 'ConversationPinned', data: { conversationId: 'c1' } }]);
    given([{ type: 'ConversationPinned', data: { conversationId: 'c1' } }])
      .when(pin)
      .then([]);
    given([]).when(unpin).then([]);
    given([{ type: 'ConversationPinned', data: { conversationId: 'c1' } }])
      .when(unpin)
      .then([{ type: 'ConversationUnpinned', data: { conversationId: 'c1' } }]);
  });

  it('tags: added once, removed once, at most 20', () => {
    given([])
      .when({ type: 'TagConversation', data: { conversationId: 'c1', tag: 'urgent' } })
      .then([tagged('c1', 'urgent')]);
    given([tagged('c1', 'urgent')])
      .when({ type: 'TagConversation', data: { conversationId: 'c1', tag: 'urgent' } })
      .then([]);
    given([tagged('c1', 'urgent')])
      .when({ type: 'UntagConversation', data: { conversationId: 'c1', tag: 'urgent' } })
      .then([{ type: 'ConversationUntagged', data: { conversationId: 'c1', tag: 'urgent' } }]);
    given([])
      .when({ type: 'UntagConversation', data: { conversationId: 'c1', tag: 'urgent' } })
      .then([]);
    const twenty = Array.from({ length: filingLimits.tagsPerConversation }, (_, i) => tagged('c1', `t${i}`));
    given(twenty)
      .when({ type: 'TagConversation', data: { conversationId: 'c1', tag: 'one more' } })
      .thenThrows(filingMessages.tooManyTags);
    given(twenty)
      .when({ type: 'TagConversation', data: { conversationId: 'c2', tag: 'one more' } })
      .then([tagged('c2', 'one more')]);
  });

  it('a conversation id like __proto__ is filed as any other', () => {
    given([])
      .when({ type: 'PinConversation', data: { conversationId: '__proto__' } })
      .then([{ type: 'ConversationPinned', data: { conversationId: '__proto__' } }]);
    given([{ type: 'ConversationPinned', data: { conversationId: '__proto__' } }])
      .when({ type: 'PinConversation', data: { conversationId: '__proto__' } })
      .then([]);
  });

  it('its state survives a snapshot: restored from JSON, it decides the same', () => {
    const state = [created('f1', 'Work'), filed('c1', 'f1'), tagged('c1', 'urgent')].reduce(
      filingDecider.evolve,
      filingDecider.initialState(),
    );
    const restored = filingDecider.snapshot?.restore(JSON.parse(JSON.stringify(state)));
    expect(restored).toEqual(state);
    const command = { type: 'TagConversation' as const, data: { conversationId: 'c1', tag: 'urgent' } };
    expect(filingDecider.decide(command, restored ?? state)).toEqual([]);
    expect(() => filingDecider.snapshot?.restore({ folders: [] })).toThrow();
  });
});
