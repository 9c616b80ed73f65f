import {
  mayViewShare,
  shareMessages,
  type ConversationSharedData,
  type ShareEvent,
  type ShareRules,
  type ShareViewer,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** One share (stream `shareStreamId(shareId)`): none yet, open, or revoked. */
export type ShareState =
  | { status: 'none' }
  | { status: 'open' | 'revoked'; conversationId: string; rules: ShareRules; views: number };

export type ShareCommand =
  /** The owner shares their conversation: its snapshot is sealed by the handler, before this runs. */
  | { type: 'ShareConversation'; data: ConversationSharedData }
  /** Someone opens the share: `viewer` with their Amplify groups, at `at`. */
  | { type: 'ViewShare'; data: { shareId: string; viewer: ShareViewer; at: string } }
  /** Someone revokes it: only its owner may. */
  | { type: 'RevokeShare'; data: { shareId: string; by: string } };

/** What a viewer gets of a share: it is gone (unknown, revoked), not theirs to read, or theirs. */
export type ShareVerdict = 'gone' | 'notAllowed' | 'allowed';

export const shareVerdict = (state: ShareState, viewer: ShareViewer): ShareVerdict => {
  if (state.status !== 'open') return 'gone';
  return mayViewShare(state.rules, viewer) ? 'allowed' : 'notAllowed';
};

/** Whether `email` owns the share (revoked ones too). */
export const isShareOwner = (state: ShareState, email: string): boolean =>
  state.status !== 'none' && state.rules.owner === email;

/**
 * A share is made once; each view by someone its rules allow is a `ShareViewed` (a share that is
 * gone or not theirs is refused: the handler answers 404 or 403 before this runs); only its owner
 * revokes it, and revoking a revoked share appends nothing.
 */
export const shareDecider: Decider<ShareState, ShareCommand, ShareEvent> = {
  initialState: () => ({ status: 'none' }),

  decide: (command, state) => {
    switch (command.type) {
      case 'ShareConversation':
        if (state.status !== 'none') throw new DomainError(shareMessages.alreadyExists);
        return [{ type: 'ConversationShared', data: command.data }];
      case 'ViewShare': {
        const verdict = shareVerdict(state, command.data.viewer);
        if (verdict === 'gone') throw new DomainError(shareMessages.gone);
        if (verdict === 'notAllowed') throw new DomainError(shareMessages.notAllowed);
        const { shareId, viewer, at } = command.data;
        return [{ type: 'ShareViewed', data: { shareId, viewer: viewer.email, at } }];
      }
      case 'RevokeShare':
        if (!isShareOwner(state, command.data.by)) throw new DomainError(shareMessages.gone);
        return state.status === 'open'
          ? [{ type: 'ShareRevoked', data: { shareId: command.data.shareId } }]
          : [];
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'ConversationShared': {
        const { owner, isPublic, accessTo, conversationId } = event.data;
        return { status: 'open', conversationId, rules: { owner, isPublic, accessTo }, views: 0 };
      }
      case 'ShareViewed':
        return state.status === 'none' ? state : { ...state, views: state.views + 1 };
      case 'ShareRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot('share/1', (j) => isPlainObject(j) && 'status' in j),
};
