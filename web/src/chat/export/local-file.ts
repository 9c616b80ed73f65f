import {
  conversationFileFormat,
  conversationFileVersion,
  type ChatUsage,
  type ConversationFile,
  type ExportedConversation,
  type ExportedTurn,
} from '@app/contracts';
import { turnId, type ChatTurn, type LocalConversation } from '../model/types';
import { requestsOf, versionKey } from '../versions/tree';

/**
 * A conversation kept in this browser as the conversations file holds it (docs/conversation-format.md):
 * every version of every turn (the versions tree of its messages), the versions turned to chosen.
 */
export const exportedOfLocal = (conversation: LocalConversation): ExportedConversation => {
  const chosen = conversation.chosen ?? {};
  const turns = requestsOf(conversation.messages).map((r): ExportedTurn => {
    const names = (r.user?.images ?? []).flatMap((i) => (i.name ? [i.name.slice(0, 200)] : []));
    const usage = r.answer?.usage;
    return {
      requestId: r.requestId,
      parentRequestId: r.parentRequestId,
      question: r.user?.content ?? '',
      ...(names.length > 0 ? { imageNames: names.slice(0, 10) } : {}),
      answer: r.answer?.content ?? null,
      model: r.answer?.model ?? null,
      at: r.user?.at ?? r.answer?.at ?? conversation.createdAt,
      tokensIn: usage?.inputTokens ?? null,
      tokensOut: usage?.outputTokens ?? null,
      cost: usage?.cost ?? null,
      chosen: chosen[versionKey(r.parentRequestId)] === r.requestId,
    };
  });
  return {
    id: conversation.id,
    name: conversation.name.slice(0, 200),
    storage: 'future-local',
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    turns,
  };
};

const usageOf = (turn: ExportedTurn): ChatUsage | null =>
  turn.tokensIn === null && turn.tokensOut === null && turn.cost === null
    ? null
    : {
        inputTokens: turn.tokensIn ?? 0,
        outputTokens: turn.tokensOut ?? 0,
        cachedTokens: 0,
        cost: turn.cost ?? 0,
      };

/** An exported conversation as this browser keeps one: its turns' messages, the chosen versions. */
export const localOfExported = (conversation: ExportedConversation): LocalConversation => {
  const messages = conversation.turns.flatMap((t): ChatTurn[] => {
    const base = { requestId: t.requestId, parentRequestId: t.parentRequestId, at: t.at };
    const usage = usageOf(t);
    const question = t.imageNames?.length
      ? `${t.question}\n\n(Images: ${t.imageNames.join(', ')})`
      : t.question;
    return [
      { ...base, id: turnId(t.requestId, 'user'), role: 'user', content: question },
      ...(t.answer === null
        ? []
        : [
            {
              ...base,
              id: turnId(t.requestId, 'assistant'),
              role: 'assistant' as const,
              content: t.answer,
              ...(t.model === null ? {} : { model: t.model }),
              ...(usage === null ? {} : { usage }),
            },
          ]),
    ];
  });
  return {
    id: conversation.id,
    name: conversation.name,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    messages,
    chosen: Object.fromEntries(
      conversation.turns.filter((t) => t.chosen).map((t) => [versionKey(t.parentRequestId), t.requestId]),
    ),
  };
};

/** A conversations file of `conversations`. */
export const conversationFileOf = (
  conversations: readonly ExportedConversation[],
  exportedAt: string,
): ConversationFile => ({
  format: conversationFileFormat,
  version: conversationFileVersion,
  exportedAt,
  conversations: [...conversations],
});

/** The conversations of the cloud file and this browser's in one file, the newest first. */
export const mergedFile = (
  cloud: ConversationFile,
  local: readonly ExportedConversation[],
  exportedAt: string,
): ConversationFile =>
  conversationFileOf(
    [...cloud.conversations, ...local].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)),
    exportedAt,
  );
