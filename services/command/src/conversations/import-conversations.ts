import { randomUUID } from 'node:crypto';
import {
  conversationStreamId,
  importedParts,
  readConversationFile,
  sealedTextPurposes,
  type ConversationStorage,
  type EventMetadata,
  type ExportedConversation,
  type ImportProblem,
} from '@app/contracts';
import { runIdempotent, sealerForConversation, type Db } from '@app/platform';
import { handleCommand } from '../shared/handle-command';
import { conversationDecider } from './conversation-decider';

/** A file that cannot be imported (400): why, and each of its conversations that cannot be read. */
export class ImportRefusal extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly problems: ImportProblem[] | undefined,
  ) {
    super(message);
    this.name = 'ImportRefusal';
  }
}

export interface ImportOutcome {
  imported: number;
  /** For `future-local`: the conversations for the browser to keep (the server keeps nothing of them). */
  conversations: ExportedConversation[];
  /** The new cloud conversations' ids. */
  ids: string[];
  position: string;
  eventCount: number;
}

/**
 * Conversations from a file (ours or ChatGPT's), every one checked before any is kept (a file with
 * one that cannot be read: ImportRefusal, nothing appended). Into the cloud: one `ConversationImported`
 * per conversation on the caller's new conversation stream (new ids, never the file's), its text
 * sealed under the conversation's new data key, all in one transaction, once per command id. Into
 * the browser: checked and given new ids, nothing appended.
 */
export const importConversations = async (
  db: Db,
  input: {
    file: unknown;
    storage: ConversationStorage;
    metadata: EventMetadata;
    requestHash: string;
    masterKeyId: string;
  },
): Promise<ImportOutcome> => {
  const read = readConversationFile(input.file, {
    storage: input.storage,
    newId: randomUUID,
    now: new Date().toISOString(),
  });
  if (!read.ok) throw new ImportRefusal(read.message, read.problems);
  const { conversations } = read;
  if (input.storage === 'future-local')
    return { imported: conversations.length, conversations, ids: [], position: '0', eventCount: 0 };
  const owner = input.metadata.actor.email;
  const { result } = await runIdempotent(
    db,
    { actor: owner, commandId: input.metadata.commandId, requestHash: input.requestHash },
    async (trx) => {
      let position = '0';
      for (const conversation of conversations) {
        const conversationId = conversation.id;
        const sealer = await sealerForConversation(trx, {
          owner,
          conversationId,
          masterKeyId: input.masterKeyId,
        });
        const { turns, text } = importedParts(conversation);
        const sealedText = sealer.seal(
          sealedTextPurposes.importedTurns(conversationId),
          JSON.stringify(text),
        );
        const outcome = await handleCommand(
          trx,
          conversationDecider,
          conversationStreamId(owner, conversationId),
          {
            type: 'ImportConversation',
            data: { conversationId, createdAt: conversation.createdAt, turns, sealedText },
          },
          { metadata: input.metadata, expectedVersion: 0 },
        );
        position = outcome.position;
      }
      return {
        imported: conversations.length,
        ids: conversations.map((c) => c.id),
        position,
        eventCount: conversations.length,
      };
    },
  );
  return { ...result, conversations: [] };
};
