import { z } from 'zod';
import { boundedList, boundedString } from '../bounded';
import { Email, normaliseEmail } from '../email';
import { limits } from '../limits';
import { successBody } from '../success';
import { WaitForQuery } from '../http/events';
import { eventTypesOf } from '../event-types';
import { ChatId } from './chat-request';
import { SealedText } from './sealed-text';

/**
 * Sharing a cloud conversation: a read-only snapshot of the thread shown when it was shared (each
 * question and answer with its model and time; attached documents by name only), reached at
 * `/share/<shareId>` by whoever its rules allow: everyone signed in, or the listed users and the
 * members of the listed Amplify groups (and its owner). Each answered view is a `ShareViewed`.
 */
export const shareLimits = {
  /** Users and groups of one share's access list (each). */
  accessEntries: 100,
  /** Turns of the thread a snapshot keeps. */
  turns: 1_000,
  /** Characters of a snapshot's JSON. */
  snapshotChars: 8_000_000,
  /** Documents named under one question. */
  documentsPerTurn: 60,
  /** Shares listed at once. */
  listed: 1_000,
} as const;

/** 32 base64url characters of 24 random bytes (192 bits): not guessable. */
export const ShareId = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'must be a share id');
export const shareIdBytes = 24;

export const shareRoutes = {
  /** POST: share one of the caller's cloud conversations (`CreateShareRequest`). */
  createPattern: '/api/conversations/:conversationId/share',
  create: (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/share`,
  /** GET: the caller's active shares (`?conversationId=` for one conversation's). */
  list: '/api/shares',
  /** GET: a share's snapshot (each answer is a view); DELETE: revoke it (its owner only). */
  onePattern: '/api/shares/:shareId',
  one: (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`,
} as const;

/** The page a share is read at (the web app, signed in). */
export const sharePagePrefix = '/share/';
export const sharePagePath = (shareId: string) => `${sharePagePrefix}${shareId}`;
/** The share id of a page's path, or null when it is not a share's page. */
export const shareIdOfPath = (pathname: string): string | null => {
  if (!pathname.startsWith(sharePagePrefix)) return null;
  const parsed = ShareId.safeParse(pathname.slice(sharePagePrefix.length).replace(/\/+$/, ''));
  return parsed.success ? parsed.data : null;
};

/** Who may read a share besides its owner, like a published assistant's list: bounded, valid emails, group names. */
export const ShareAccessTo = z.object({
  amplifyGroups: boundedList(
    boundedString('An Amplify group name', limits.nameLength)
      .trim()
      .min(1, 'An Amplify group name cannot be empty'),
    'Amplify groups',
    shareLimits.accessEntries,
  ).default([]),
  users: boundedList(Email, 'Users', shareLimits.accessEntries).default([]),
});
export type ShareAccessTo = z.infer<typeof ShareAccessTo>;

export const CreateShareRequest = z
  .object({
    isPublic: z.boolean(),
    accessTo: ShareAccessTo.default({ amplifyGroups: [], users: [] }),
  })
  .refine((r) => r.isPublic || r.accessTo.users.length + r.accessTo.amplifyGroups.length > 0, {
    message: 'Name at least one user or Amplify group, or share with everyone signed in.',
    path: ['accessTo'],
  });
export type CreateShareRequest = z.infer<typeof CreateShareRequest>;
export type CreateShareInput = z.input<typeof CreateShareRequest>;

export const CreateShareResponse = successBody({
  shareId: ShareId,
  url: boundedString('The url', 100),
  position: boundedString('The position', limits.positionLength),
});
export type CreateShareResponse = z.infer<typeof CreateShareResponse>;

/** A question and its answer as shared. */
export const SharedTurn = z.object({
  question: z.string(),
  /** Null: no answer was kept (it failed, or was still running). */
  answer: z.string().nullable(),
  model: boundedString('The model', 200).nullable(),
  /** When the question was asked (ISO 8601). */
  at: boundedString('The time', 64),
  /** The names of the documents and images sent with the question; never their content. */
  documents: boundedList(boundedString('A document name', 300), 'Documents', shareLimits.documentsPerTurn),
});
export type SharedTurn = z.infer<typeof SharedTurn>;

/** What a share shows: the conversation's name, its owner, when it was shared, the thread shown then. */
export const ShareSnapshot = z.object({
  name: boundedString('The conversation name', 200),
  owner: boundedString('The owner', limits.emailLength),
  sharedAt: boundedString('The time', 64),
  turns: boundedList(SharedTurn, 'Turns', shareLimits.turns),
});
export type ShareSnapshot = z.infer<typeof ShareSnapshot>;

export const ShareViewResponse = successBody({ shareId: ShareId, snapshot: ShareSnapshot });
export type ShareViewResponse = z.infer<typeof ShareViewResponse>;

export const ShareSummary = z.object({
  shareId: ShareId,
  conversationId: ChatId,
  name: boundedString('The conversation name', 200),
  url: boundedString('The url', 100),
  isPublic: z.boolean(),
  accessTo: ShareAccessTo,
  createdAt: boundedString('The time', 64),
  viewCount: z.number().int().nonnegative(),
});
export type ShareSummary = z.infer<typeof ShareSummary>;

export const ShareListQuery = WaitForQuery.extend({ conversationId: ChatId.optional() });
export const ShareListResponse = successBody({
  data: boundedList(ShareSummary, 'Shares', shareLimits.listed),
});
export type ShareListResponse = z.infer<typeof ShareListResponse>;

export const ShareCommandResponse = successBody({
  position: boundedString('The position', limits.positionLength),
});
export type ShareCommandResponse = z.infer<typeof ShareCommandResponse>;

/** Sharing's messages, shown to users word for word. */
export const shareMessages = {
  /** An unknown share, a revoked one, or one whose conversation was deleted: 404. */
  gone: 'This shared conversation no longer exists.',
  /** A share whose rules leave the viewer out: 403. */
  notAllowed: 'This conversation was not shared with you.',
  /** Sharing a conversation the caller does not have in the cloud: 404. */
  noSuchCloudConversation: (id: string) => `There is no conversation '${id}' of yours kept in the cloud.`,
  tooLong: 'This conversation is too long to share.',
  empty: 'This conversation has no messages to share.',
  alreadyExists: 'This share exists already.',
  revoked: 'The link was revoked.',
  created: 'Link created.',
  continued: 'The conversation was copied to your chats.',
} as const;

export const shareStreamId = (shareId: string) => `share-${shareId}`;

/** Who a share is open to (the owner always). */
export interface ShareRules {
  owner: string;
  isPublic: boolean;
  accessTo: { amplifyGroups: readonly string[]; users: readonly string[] };
}

/** The viewer as access is decided: their email and Amplify groups (inclusions resolved). */
export interface ShareViewer {
  email: string;
  amplifyGroups: readonly string[];
}

/** Whether `viewer` may read a share with these rules: its owner; everyone when public; else the listed. */
export const mayViewShare = (rules: ShareRules, viewer: ShareViewer): boolean => {
  const email = normaliseEmail(viewer.email);
  if (normaliseEmail(rules.owner) === email) return true;
  if (rules.isPublic) return true;
  if (rules.accessTo.users.some((u) => normaliseEmail(u) === email)) return true;
  return rules.accessTo.amplifyGroups.some((g) => viewer.amplifyGroups.includes(g));
};

export interface ConversationSharedData {
  shareId: string;
  conversationId: string;
  owner: string;
  isPublic: boolean;
  accessTo: { amplifyGroups: string[]; users: string[] };
  /** The JSON of its `ShareSnapshot`, sealed under the conversation's data key (`sealedTextPurposes.shareSnapshot`). */
  sealedSnapshot: SealedText;
}

export type ShareEvent =
  | { type: 'ConversationShared'; data: ConversationSharedData }
  | { type: 'ShareViewed'; data: { shareId: string; viewer: string; at: string } }
  | { type: 'ShareRevoked'; data: { shareId: string } };

export const shareEventTypes = eventTypesOf<ShareEvent>({
  ConversationShared: true,
  ShareViewed: true,
  ShareRevoked: true,
});

const AccessData = z.object({
  amplifyGroups: z.array(z.string().max(limits.nameLength)).max(shareLimits.accessEntries),
  users: z.array(z.string().max(limits.emailLength)).max(shareLimits.accessEntries),
});

/** The share events' contract (the projection checks each event against it). */
export const ShareEventContract: z.ZodType<ShareEvent> = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ConversationShared'),
    data: z.object({
      shareId: ShareId,
      conversationId: ChatId,
      owner: z.string().max(limits.emailLength),
      isPublic: z.boolean(),
      accessTo: AccessData,
      sealedSnapshot: SealedText,
    }),
  }),
  z.object({
    type: z.literal('ShareViewed'),
    data: z.object({ shareId: ShareId, viewer: z.string().max(limits.emailLength), at: z.string().max(64) }),
  }),
  z.object({ type: z.literal('ShareRevoked'), data: z.object({ shareId: ShareId }) }),
]);
