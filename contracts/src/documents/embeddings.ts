import { z } from 'zod';
import { boundedList } from '../bounded';
import { FileKey, FileStatus } from './files';
import { successBody } from '../success';

/** The embeddings' routes (the document list and the Admin Interface's Embeddings tab). */
export const embeddingRoutes = {
  /** POST {dataSources} → each source's status (the document list's hover). */
  status: '/embedding/status',
  /** GET → the queued and active embedding jobs (admins only). */
  queue: '/embedding/sqs/get',
  /** POST {object_key} → stops that file's embedding (admins only). */
  terminate: '/embedding/terminate',
} as const;

/** A document as the chat and the document list send it. */
export const DataSource = z.object({
  id: z.string().max(600),
  name: z.string().max(255).optional(),
  type: z.string().max(255).optional(),
  key: FileKey.optional(),
  groupId: z.string().max(200).nullable().optional(),
  metadata: z.record(z.string().max(100), z.unknown()).optional(),
});
export type DataSource = z.infer<typeof DataSource>;

/** The file key a data source names. */
export const dataSourceKey = (source: DataSource): string => source.key ?? source.id;

export const EmbeddingStatusRequest = z.object({ dataSources: boundedList(DataSource, 'Data sources', 500) });
export type EmbeddingStatusRequest = z.infer<typeof EmbeddingStatusRequest>;

export const EmbeddingStatusResponse = successBody({
  /** File key → its status ('not_found' for a key the caller has no file under). */
  data: z.record(z.string(), FileStatus),
});
export type EmbeddingStatusResponse = z.infer<typeof EmbeddingStatusResponse>;

/** One queued or active embedding (a row of the Embeddings tab). */
export const EmbeddingQueueMessage = z.object({
  messageId: z.string(),
  eventTime: z.string(),
  object: z.object({ user: z.string(), key: z.string(), size: z.number().int().nonnegative() }),
  terminated: z.boolean(),
});
export type EmbeddingQueueMessage = z.infer<typeof EmbeddingQueueMessage>;

export const EmbeddingQueueResponse = successBody({
  messages: z.array(EmbeddingQueueMessage),
});
export type EmbeddingQueueResponse = z.infer<typeof EmbeddingQueueResponse>;

export const TerminateEmbeddingRequest = z.object({ object_key: FileKey });
export type TerminateEmbeddingRequest = z.infer<typeof TerminateEmbeddingRequest>;

export const TerminateEmbeddingResponse = z.object({ success: z.boolean(), message: z.string().optional() });
export type TerminateEmbeddingResponse = z.infer<typeof TerminateEmbeddingResponse>;

/** A passage retrieved for a chat request, sent as `{s:"meta", d:{sources}}` and shown under the answer. */
export const ChatSource = z.object({
  key: z.string(),
  name: z.string(),
  /** The passage (at most ~1,000 characters). */
  text: z.string(),
  score: z.number(),
  chunkIndex: z.number().int().nonnegative(),
  location: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ChatSource = z.infer<typeof ChatSource>;

export const embeddingMessages = {
  /** The Embeddings tab when a termination fails. */
  unableToTerminate: 'Unable to terminate embedding at this time.',
  /** The Embeddings tab with nothing queued (our words). */
  operatingCorrectly: 'No embeddings are queued or running: embeddings appear to be operating correctly.',
  terminating: 'Terminating...',
  terminated: 'Terminated',
  /** The Embeddings tab when the queue cannot be read. */
  unableToRetrieve: 'Unable to retrieve message currently in the sqs. Please try again later...',
} as const;
