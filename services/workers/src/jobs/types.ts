import type { EventMetadata, RecordedEvent } from '@app/contracts';
import type { BlobStore, Db, Logger, OutboundClient, SecretBox, VectorStore } from '@app/platform';
import type { ExtractionPool } from '../documents/extraction-pool';

/** What a route asks for: a job of this name with this input. */
export interface JobRequest {
  name: string;
  data: unknown;
}

/** Which job, if any, an event needs. Called for every event of the log: keep it cheap and pure. */
export type Routes = (event: RecordedEvent) => JobRequest | null;

/** The event a job was enqueued for, as carried in the job (not its data: routes pass what the job needs). */
export interface TriggerRef {
  type: string;
  globalPosition: string;
  streamId: string;
  correlationId: string;
  requestId: string;
}

/** The data of every BullMQ job the reactor enqueues. */
export interface JobEnvelope {
  trigger: TriggerRef;
  data: unknown;
}

export interface JobContext {
  db: Db;
  logger: Logger;
  jobId: string;
  jobName: string;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  /** No retry follows a failure of this attempt: a job whose outcome is a state records it now. */
  lastAttempt: boolean;
  trigger: TriggerRef;
  /**
   * Metadata for the events of this job's outcome: the system actor, `commandId` = the job id (the
   * idempotency key of the result command), correlated with the trigger event and caused by it
   * (`causationId` = its global position).
   */
  metadata: EventMetadata;
  /** Aborted when the worker is force-closed. */
  signal: AbortSignal | undefined;
  /** Opens sealed secrets (endpoint keys); absent when the workers were started without a master key. */
  secrets?: SecretBox;
  /** The guarded HTTP client for every call to an address someone typed. */
  outbound?: OutboundClient;
  /** Documents' bytes; absent when the workers were started without a blob store. */
  /**
   * The guarded client for addresses users typed (websites, sitemaps): public addresses only, unless
   * WEBSITE_FETCH_ALLOW lists more. Never the admins' client, which may reach a model on this machine.
   */
  websiteOutbound?: OutboundClient;
  blobs?: BlobStore;
  /** Documents' chunks and vectors, keyed by content SHA-256. */
  vectors?: VectorStore;
  /** The threads documents are read on, bounded (startWorkers makes it); absent: the calling thread. */
  extraction?: Pick<ExtractionPool, 'extract'>;
}

/** What the processors may need beyond the database, given to startWorkers once. */
export type JobServices = Pick<
  JobContext,
  'secrets' | 'outbound' | 'websiteOutbound' | 'blobs' | 'vectors' | 'extraction'
>;

/**
 * Does the side work of one job and reports its outcome as a command (so it lands in the log).
 * Throws to fail the attempt: it is retried with backoff, and the last failure is recorded in the log.
 * Throw BullMQ's `UnrecoverableError` to skip the remaining attempts.
 */
export type JobProcessor = (data: unknown, ctx: JobContext) => Promise<unknown>;

export type ProcessorRegistry = Readonly<Record<string, JobProcessor>>;

/** A route table keyed by event type. */
export const routeByType =
  (table: Readonly<Record<string, (event: RecordedEvent) => JobRequest | null>>): Routes =>
  (event) =>
    Object.hasOwn(table, event.type) ? (table[event.type]?.(event) ?? null) : null;
