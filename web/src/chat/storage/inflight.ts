import {
  ChatSource,
  ChatStatus,
  ChatStopReason,
  ChatUsage,
  ConversationStorageChoice,
  ToolApprovalChunkData,
} from '@app/contracts';
import { z } from 'zod';
import type { AnswerState } from '../model/answer';

/**
 * Requests still streaming, kept in localStorage per user so that after a reload (or in another tab)
 * the screen reconnects to the stream after the last event it showed. The answer so far is saved
 * together with its last event id: a resume continues exactly where the saved answer stops.
 */
const Answer = z.object({
  text: z.string(),
  parts: z.record(z.string(), z.string()),
  outOfOrder: z.boolean(),
  statuses: z.array(ChatStatus),
  state: z.record(z.string(), z.unknown()),
  usage: ChatUsage.nullable(),
  /** Records saved before sources existed have none. */
  sources: z.array(ChatSource).default([]),
  error: z.string().nullable(),
  /** Records saved before stop reasons existed have none. */
  stopped: ChatStopReason.nullable().default(null),
  /** Records saved before MCP tools in chats have no questions. */
  approvals: z.array(ToolApprovalChunkData).default([]),
  ended: z.boolean(),
}) satisfies z.ZodType<AnswerState>;

export const InflightRecord = z.object({
  requestId: z.string(),
  conversationId: z.string(),
  conversationName: z.string(),
  storage: ConversationStorageChoice,
  model: z.string(),
  /** The user's message, shown until the conversation holds it. */
  question: z.string(),
  /** The request the question follows (null: the first turn); records saved before versions have none. */
  parentRequestId: z.string().nullable().optional(),
  lastEventId: z.string().nullable(),
  answer: Answer,
  startedAt: z.string(),
  /** When its owner last wrote it: a record nobody writes any more lost its tab. */
  savedAt: z.string(),
});
export type InflightRecord = z.infer<typeof InflightRecord>;

const Records = z.record(z.string(), z.unknown());

/** A record not written for this long lost its tab (closed): another tab takes it over. */
export const ownerGoneAfterMs = 20_000;
/** A record older than this is dropped: its stream ended long ago. */
const forgottenAfterMs = 60 * 60_000;

const key = (email: string) => `amplify-chat-inflight:${email}`;
const ownedKey = 'amplify-chat-owned';

const readJson = (storage: Storage, name: string): unknown => {
  try {
    const text = storage.getItem(name);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
};

const writeJson = (storage: Storage, name: string, value: unknown) => {
  try {
    storage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or refused: the stream goes on, a reload just cannot resume it.
  }
};

const readAll = (email: string): Record<string, InflightRecord> => {
  const raw = Records.safeParse(readJson(localStorage, key(email)));
  const out: Record<string, InflightRecord> = {};
  if (!raw.success) return out;
  for (const [id, value] of Object.entries(raw.data)) {
    const record = InflightRecord.safeParse(value);
    if (record.success) out[id] = record.data;
  }
  return out;
};

/** The user's requests still streaming, the forgotten ones left out. */
export const listInflight = (email: string, now = Date.now()): InflightRecord[] =>
  Object.values(readAll(email)).filter((r) => now - Date.parse(r.savedAt) < forgottenAfterMs);

export const readInflight = (email: string, requestId: string): InflightRecord | null =>
  readAll(email)[requestId] ?? null;

export function saveInflight(email: string, record: InflightRecord): void {
  writeJson(localStorage, key(email), { ...readAll(email), [record.requestId]: record });
}

export function removeInflight(email: string, requestId: string): void {
  const all = readAll(email);
  if (!(requestId in all)) return;
  delete all[requestId];
  if (Object.keys(all).length === 0) localStorage.removeItem(key(email));
  else writeJson(localStorage, key(email), all);
  setOwned(requestId, false);
}

/** The storage key other tabs watch (the `storage` event) to hear of a new request. */
export const inflightStorageKey = key;

const ownedIds = (): string[] => {
  const raw = z.array(z.string()).safeParse(readJson(sessionStorage, ownedKey));
  return raw.success ? raw.data : [];
};

/** Whether this tab (sessionStorage survives its reloads) runs the request. */
export const ownsRequest = (requestId: string): boolean => ownedIds().includes(requestId);

export function setOwned(requestId: string, owned: boolean): void {
  const ids = ownedIds().filter((id) => id !== requestId);
  writeJson(sessionStorage, ownedKey, owned ? [...ids, requestId] : ids);
}

/** A record its owner stopped writing: its tab was closed. */
export const ownerGone = (record: InflightRecord, now = Date.now()): boolean =>
  now - Date.parse(record.savedAt) >= ownerGoneAfterMs;
