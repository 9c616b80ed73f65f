import {
  conversationFileFormat,
  conversationFileVersion,
  type ConversationFile,
  type ExportedTurn,
  type ShareSnapshot,
} from '@app/contracts';

/**
 * A shared conversation as a conversations file of one conversation (docs/conversation-format.md):
 * its thread, one version per turn, for the import to keep as a new conversation of the viewer's
 * (which gives it new ids). The documents were listed by name only: nothing of them is copied.
 */
export const fileOfSnapshot = (snapshot: ShareSnapshot, now: string): ConversationFile => {
  const turns = snapshot.turns.map((t, i): ExportedTurn => ({
    requestId: `t${i + 1}`,
    parentRequestId: i === 0 ? null : `t${i}`,
    question: t.question,
    answer: t.answer,
    model: t.model,
    at: t.at,
    tokensIn: null,
    tokensOut: null,
    cost: null,
    chosen: true,
  }));
  return {
    format: conversationFileFormat,
    version: conversationFileVersion,
    exportedAt: now,
    conversations: [
      {
        id: 'shared',
        name: snapshot.name,
        storage: 'future-cloud',
        createdAt: snapshot.turns[0]?.at ?? snapshot.sharedAt,
        updatedAt: now,
        turns,
      },
    ],
  };
};

/** Who may read a share, in a few words ('Everyone signed in', or the people and groups listed). */
export const audienceOf = (share: {
  isPublic: boolean;
  accessTo: { users: readonly string[]; amplifyGroups: readonly string[] };
}): string =>
  share.isPublic
    ? 'Everyone signed in'
    : [...share.accessTo.users, ...share.accessTo.amplifyGroups.map((g) => `group ${g}`)].join(', ');
