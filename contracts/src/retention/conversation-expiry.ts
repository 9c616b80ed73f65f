import { z } from 'zod';
import type { Actor } from '../actor';
import { boundedString } from '../bounded';
import { limits } from '../limits';
import { successBody } from '../success';

/** Who expires conversations: the platform's retention (docs/architecture.md, "Retention"). */
export const retentionActor: Actor = { email: 'retention', kind: 'system' };

/**
 * A cloud conversation kept past the retention: its data key was destroyed in the same transaction
 * (its text in the log is shredded) and the read models drop its rows. Appended on its conversation
 * stream; usage and spend stay.
 */
export const ConversationExpiredData = z.object({
  conversationId: z.string().max(200),
  owner: z.string().max(limits.emailLength),
  /** The conversation's last activity as the read model had it (ISO). */
  lastActivityAt: z.string().max(64),
});
export type ConversationExpiredData = z.infer<typeof ConversationExpiredData>;
export type ConversationExpiredEvent = { type: 'ConversationExpired'; data: ConversationExpiredData };

export const deleteAllConversationsRoute = '/api/conversations/delete-all';

/**
 * The answer of a delete-all call: it deletes at most `retentionLimits.deleteAllBatch` of the
 * caller's conversations; `remaining` > 0 says to call again (each call resumes where the last ended).
 */
export const DeleteAllConversationsResponse = successBody({
  deleted: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  position: boundedString('The position', limits.positionLength),
});
export type DeleteAllConversationsResponse = z.infer<typeof DeleteAllConversationsResponse>;

/** The account menu's words, shown to users word for word. */
export const deleteAllMessages = {
  menuItem: 'Delete all my conversations',
  confirmTitle: 'Delete all your conversations?',
  confirm: (count: number) =>
    `This deletes your ${count} conversation${count === 1 ? '' : 's'} for good: their messages cannot be brought back. Usage and cost stay.`,
  none: 'You have no conversations to delete.',
  done: (count: number) => `Deleted ${count} conversation${count === 1 ? '' : 's'}.`,
} as const;
