import { z } from 'zod';

/**
 * Conversation text (a request's messages, an answer) as events hold it for a cloud conversation:
 * AES-256-GCM under the conversation's own data key (`dataKeyId`, a row of `data_keys`, wrapped under
 * the master key), its additional data binding the key's id and what the text is (`sealedTextPurposes`).
 * Destroying the conversation's data key when it is deleted shreds every text sealed under it. Unlike
 * a secret (sealed-secret.ts) it carries no mask and no fingerprint: nothing of the text in clear.
 */
export const sealedTextLimits = {
  /** Base64url of the ciphertext: a request's last message or an answer of millions of characters. */
  ciphertext: 16_000_000,
  part: 200,
} as const;

export const SealedText = z.object({
  v: z.literal(1),
  dataKeyId: z.string().min(1).max(sealedTextLimits.part),
  iv: z.string().min(1).max(sealedTextLimits.part),
  tag: z.string().min(1).max(sealedTextLimits.part),
  ciphertext: z.string().max(sealedTextLimits.ciphertext),
});
export type SealedText = z.infer<typeof SealedText>;

/**
 * What a sealed text is, authenticated with it: a text sealed as one thing (a request's messages)
 * does not open as another (another request's answer). The reader names the purpose it expects.
 */
export const sealedTextPurposes = {
  /** `ChatRequested.sealedMessages`: the JSON of the request's kept messages (ChatMessage[]). */
  chatMessages: (requestId: string) => `chat-messages|${requestId}`,
  /** `sealedAnswer` of ChatCompleted, ChatStopped, ChatFailed: the answer's text. */
  chatAnswer: (requestId: string) => `chat-answer|${requestId}`,
  /** `ConversationImported.sealedText`: the JSON of its turns' text (ImportedTurnText[]). */
  importedTurns: (conversationId: string) => `imported-turns|${conversationId}`,
  /** `ConversationShared.sealedSnapshot`: the JSON of the share's `ShareSnapshot`. */
  shareSnapshot: (shareId: string) => `share-snapshot|${shareId}`,
} as const;
