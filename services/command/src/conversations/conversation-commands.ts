import { chatMessages, conversationStreamId, type EventMetadata } from '@app/contracts';
import { runIdempotent, type Db } from '@app/platform';
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

/** Whether `owner` has the conversation, as the conversations read model says. */
export const hasConversation = async (db: Db, owner: string, conversationId: string): Promise<boolean> =>
  (await db
    .selectFrom('rm_conversations')
    .select('conversation_id')
    .where('owner', '=', owner)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst()) !== undefined;

/** Runs a command on one of the caller's conversations, once per command id; 404 when it is not theirs. */
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
      return handleCommand(trx, conversationDecider, conversationStreamId(owner, conversationId), command, {
        metadata,
      });
    },
  );
};
