import { describe, it } from 'vitest';
import { shareMessages, type ConversationSharedData, type ShareEvent } from '@app/contracts';
import { shareDecider } from '../../src/shares/share-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(shareDecider);
const shareId = 'S'.repeat(32);
const sealedSnapshot = { v: 1 as const, dataKeyId: 'dk', iv: 'iv', tag: 'tag', ciphertext: 'c' };
const sharedData = (rules: Partial<ConversationSharedData> = {}): ConversationSharedData => ({
  shareId,
  conversationId: 'trip',
  owner: 'ann@example.com',
  isPublic: false,
  accessTo: { amplifyGroups: ['Crew'], users: ['bob@example.com'] },
  sealedSnapshot,
  ...rules,
});
const shared = (rules: Partial<ConversationSharedData> = {}): ShareEvent => ({
  type: 'ConversationShared',
  data: sharedData(rules),
});
const at = '2026-01-01T00:00:00.000Z';
const view = (email: string, amplifyGroups: string[] = []) => ({
  type: 'ViewShare' as const,
  data: { shareId, viewer: { email, amplifyGroups }, at },
});
const viewed = (viewer: string): ShareEvent => ({ type: 'ShareViewed', data: { shareId, viewer, at } });
const revoked: ShareEvent = { type: 'ShareRevoked', data: { shareId } };
const revoke = (by: string) => ({ type: 'RevokeShare' as const, data: { shareId, by } });

describe('share decider', () => {
  it('given no share, when the owner shares, then ConversationShared with its rules and sealed snapshot', () => {
    given([]).when({ type: 'ShareConversation', data: sharedData() }).then([shared()]);
  });

  it('given a share, when it is shared again under the same id, then it is refused', () => {
    given([shared()])
      .when({ type: 'ShareConversation', data: sharedData() })
      .thenThrows(shareMessages.alreadyExists);
  });

  it('given a share to one user, when that user views it, then ShareViewed names them', () => {
    given([shared()])
      .when(view('bob@example.com'))
      .then([viewed('bob@example.com')]);
  });

  it('given a share to a group, when a member views it, then ShareViewed', () => {
    given([shared()])
      .when(view('dora@example.com', ['Crew']))
      .then([viewed('dora@example.com')]);
  });

  it('given a restricted share, when its owner views it, then ShareViewed', () => {
    given([shared()])
      .when(view('ann@example.com'))
      .then([viewed('ann@example.com')]);
  });

  it('given a restricted share, when someone not listed views it, then it is not allowed', () => {
    given([shared()])
      .when(view('cy@example.com', ['Other']))
      .thenThrows(shareMessages.notAllowed);
  });

  it('given a public share, when anyone signed in views it, then ShareViewed', () => {
    given([shared({ isPublic: true, accessTo: { amplifyGroups: [], users: [] } })])
      .when(view('cy@example.com'))
      .then([viewed('cy@example.com')]);
  });

  it('given no share, when someone views it, then it is gone', () => {
    given([]).when(view('bob@example.com')).thenThrows(shareMessages.gone);
  });

  it('given a revoked share, when a listed user views it, then it is gone', () => {
    given([shared(), viewed('bob@example.com'), revoked])
      .when(view('bob@example.com'))
      .thenThrows(shareMessages.gone);
  });

  it('given a share, when its owner revokes it, then ShareRevoked', () => {
    given([shared(), viewed('bob@example.com')])
      .when(revoke('ann@example.com'))
      .then([revoked]);
  });

  it('given a share, when a viewer revokes it, then it is refused as unknown', () => {
    given([shared()]).when(revoke('bob@example.com')).thenThrows(shareMessages.gone);
  });

  it('given a revoked share, when its owner revokes it again, then nothing', () => {
    given([shared(), revoked]).when(revoke('ann@example.com')).then([]);
  });

  it('given no share, when someone revokes it, then it is refused as unknown', () => {
    given([]).when(revoke('ann@example.com')).thenThrows(shareMessages.gone);
  });
});
