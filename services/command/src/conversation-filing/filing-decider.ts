import { filingLimits, filingMessages, type ConversationFilingEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** A refusal of the filing, with the HTTP status its route answers (409 a conflict, 404 an unknown folder). */
export class FilingRefusal extends DomainError {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
    this.name = 'FilingRefusal';
  }
}

/** One conversation's filing: its folder (null: none), pinned or not, its tags in the order given. */
export interface FiledConversation {
  folderId: string | null;
  pinned: boolean;
  tags: string[];
}

/** A user's filing: their folders by id (name) and their conversations' filing by conversation id. */
export interface FilingState {
  folders: Record<string, string>;
  conversations: Record<string, FiledConversation>;
}

export type FilingCommand =
  /** `folderId`: chosen by the route (a new id), so a retry of the same request makes the same folder. */
  | { type: 'CreateFolder'; data: { folderId: string; name: string } }
  | { type: 'RenameFolder'; data: { folderId: string; name: string } }
  | { type: 'DeleteFolder'; data: { folderId: string } }
  | { type: 'FileConversation'; data: { conversationId: string; folderId: string | null } }
  | { type: 'PinConversation'; data: { conversationId: string } }
  | { type: 'UnpinConversation'; data: { conversationId: string } }
  | { type: 'TagConversation'; data: { conversationId: string; tag: string } }
  | { type: 'UntagConversation'; data: { conversationId: string; tag: string } };

const unfiled = (): FiledConversation => ({ folderId: null, pinned: false, tags: [] });

const filingOf = (state: FilingState, conversationId: string): FiledConversation =>
  (Object.hasOwn(state.conversations, conversationId) ? state.conversations[conversationId] : undefined) ??
  unfiled();

const hasFolder = (state: FilingState, folderId: string): boolean => Object.hasOwn(state.folders, folderId);

/** Folder names are compared without case: 'Work' and 'work' are the same folder to a reader. */
const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The folder other than `except` already named `name`, refused as a conflict. */
const refuseTakenName = (state: FilingState, name: string, except?: string): void => {
  const taken = Object.entries(state.folders).some(([id, n]) => id !== except && sameName(n, name));
  if (taken) throw new FilingRefusal(filingMessages.folderExists(name), 409);
};

const refuseUnknownFolder = (state: FilingState, folderId: string): void => {
  if (!hasFolder(state, folderId)) throw new FilingRefusal(filingMessages.noSuchFolder(folderId), 404);
};

const withConversation = (
  state: FilingState,
  conversationId: string,
  change: (filed: FiledConversation) => FiledConversation,
): FilingState => ({
  ...state,
  conversations: { ...state.conversations, [conversationId]: change(filingOf(state, conversationId)) },
});

/**
 * One user's folders, pins and tags (stream `conversationFilingStreamId(owner)`). Names and tags
 * come trimmed and bounded (the contracts' schemas); the decider refuses a folder name taken (409), an
 * unknown folder (404), a 201st folder and a 21st tag (409). Asking for what already is (pinning a
 * pinned conversation, the same tag again, the folder it is in) records nothing. Deleting a folder
 * moves its conversations out of it: nothing of theirs is lost.
 */
export const filingDecider: Decider<FilingState, FilingCommand, ConversationFilingEvent> = {
  initialState: () => ({ folders: {}, conversations: {} }),

  decide: (command, state) => {
    switch (command.type) {
      case 'CreateFolder': {
        const { folderId, name } = command.data;
        if (hasFolder(state, folderId)) return [];
        refuseTakenName(state, name);
        if (Object.keys(state.folders).length >= filingLimits.foldersPerUser)
          throw new FilingRefusal(filingMessages.tooManyFolders, 409);
        return [{ type: 'FolderCreated', data: { folderId, name } }];
      }
      case 'RenameFolder': {
        const { folderId, name } = command.data;
        refuseUnknownFolder(state, folderId);
        if (state.folders[folderId] === name) return [];
        refuseTakenName(state, name, folderId);
        return [{ type: 'FolderRenamed', data: { folderId, name } }];
      }
      case 'DeleteFolder':
        refuseUnknownFolder(state, command.data.folderId);
        return [{ type: 'FolderDeleted', data: { folderId: command.data.folderId } }];
      case 'FileConversation': {
        const { conversationId, folderId } = command.data;
        if (folderId !== null) refuseUnknownFolder(state, folderId);
        if (filingOf(state, conversationId).folderId === folderId) return [];
        return [{ type: 'ConversationFiled', data: { conversationId, folderId } }];
      }
      case 'PinConversation': {
        const { conversationId } = command.data;
        return filingOf(state, conversationId).pinned
          ? []
          : [{ type: 'ConversationPinned', data: { conversationId } }];
      }
      case 'UnpinConversation': {
        const { conversationId } = command.data;
        return filingOf(state, conversationId).pinned
          ? [{ type: 'ConversationUnpinned', data: { conversationId } }]
          : [];
      }
      case 'TagConversation': {
        const { conversationId, tag } = command.data;
        const { tags } = filingOf(state, conversationId);
        if (tags.includes(tag)) return [];
        if (tags.length >= filingLimits.tagsPerConversation)
          throw new FilingRefusal(filingMessages.tooManyTags, 409);
        return [{ type: 'ConversationTagged', data: { conversationId, tag } }];
      }
      case 'UntagConversation': {
        const { conversationId, tag } = command.data;
        return filingOf(state, conversationId).tags.includes(tag)
          ? [{ type: 'ConversationUntagged', data: { conversationId, tag } }]
          : [];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'FolderCreated':
      case 'FolderRenamed':
        return { ...state, folders: { ...state.folders, [event.data.folderId]: event.data.name } };
      case 'FolderDeleted': {
        const { folderId } = event.data;
        const folders = { ...state.folders };
        delete folders[folderId];
        const conversations: Record<string, FiledConversation> = {};
        for (const [id, filed] of Object.entries(state.conversations))
          conversations[id] = filed.folderId === folderId ? { ...filed, folderId: null } : filed;
        return { folders, conversations };
      }
      case 'ConversationFiled':
        return withConversation(state, event.data.conversationId, (f) => ({
          ...f,
          folderId: event.data.folderId,
        }));
      case 'ConversationPinned':
        return withConversation(state, event.data.conversationId, (f) => ({ ...f, pinned: true }));
      case 'ConversationUnpinned':
        return withConversation(state, event.data.conversationId, (f) => ({ ...f, pinned: false }));
      case 'ConversationTagged':
        return withConversation(state, event.data.conversationId, (f) => ({
          ...f,
          tags: [...f.tags, event.data.tag],
        }));
      case 'ConversationUntagged':
        return withConversation(state, event.data.conversationId, (f) => ({
          ...f,
          tags: f.tags.filter((t) => t !== event.data.tag),
        }));
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot(
    'conversationFiling/1',
    (j) => isPlainObject(j) && isPlainObject(j.folders) && isPlainObject(j.conversations),
  ),
};
