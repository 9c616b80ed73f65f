import { chatMessages, conversationStreamId, versionMessages, type EventMetadata } from '@app/contracts';
import { destroyConversationKey, runIdempotent, type Db } from '@app/platform';
import { ownChatRequest } from '../shared/chat-request-record';
import { handleCommand, type CommandOutcome } from '../shared/handle-command';
import { conversationDecider, type ConversationCommand } from './conversation-decider';

/** A conversation the caller does not have (another's, unknown, or deleted): 404, nothing appended. */
export class NoSuchConversationError extends Error {
  readonly statusCode = 404;
  constructor(conversationId: string) {
    super(chatMessages.noSuchConversation(conversationId));
    this.name = 'NoSuchConversationError';
  }
}

/** A version turned to that is not a request of the caller's in that conversation: 404, nothing appended. */
export class NoSuchVersionError extends Error {
  readonly statusCode = 404;
  constructor(requestId: string) {
    super(versionMessages.noSuchVersion(requestId));
    this.name = 'NoSuchVersionError';
  }
}

/** Whether `requestId` is a request of `owner`'s in the conversation, as its ChatRequested says. */
const isRequestOf = async (db: Db, owner: string, conversationId: string, requestId: string) =>
  (await ownChatRequest(db, owner, requestId))?.conversationId === conversationId;

/** Whether `owner` has the conversation, as the conversations read model says. */
export const hasConversation = async (db: Db, owner: string, conversationId: string): Promise<boolean> =>
  (await db
    .selectFrom('rm_conversations')
    .select('conversation_id')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst()) !== undefined;

/**
 * Runs a command on one of the caller's conversations, once per command id; 404 when it is not
 * theirs, or (a version turned to) when the request is not one of that conversation of theirs. A
 * delete also destroys the conversation's data key in the same transaction (a cloud one's text in the
 * log is shredded: platform `secrets/conversation-keys.ts`).
 */
export const onOwnConversation = async (
  db: Db,
  command: ConversationCommand,
  metadata: EventMetadata,
  requestHash: string,
): Promise<{ result: CommandOutcome; replayed: boolean }> => {
  const owner = metadata.actor.email;
  const { conversationId } = command.data;
  return runIdempotent<CommandOutcome>(
    db,
    { actor: owner, commandId: metadata.commandId, requestHash },
    async (trx) => {
      if (!(await hasConversation(trx, owner, conversationId)))
        throw new NoSuchConversationError(conversationId);
      if (
        command.type === 'ChooseVersion' &&
        !(await isRequestOf(trx, owner, conversationId, command.data.requestId))
      )
        throw new NoSuchVersionError(command.data.requestId);
      const outcome = await handleCommand(
        trx,
        conversationDecider,
        conversationStreamId(owner, conversationId),
        command,
        { metadata },
      );
      if (command.type === 'DeleteConversation') await destroyConversationKey(trx, owner, conversationId);
      return outcome;
    },
  );
};
