import { systemActor, type EventMetadata } from '@app/contracts';
import { appendToStream, runIdempotent, type Db } from '@app/platform';
import type { TriggerRef } from './jobs/types';

export const jobFailedType = 'JobFailed';

export interface JobFailedData {
  job: string;
  jobId: string;
  /** The event the job was for. */
  eventType: string;
  position: string;
  attempts: number;
  /** The last error's message, credentials masked, truncated. */
  error: string;
}

/** The stream that records the failures of one queue's jobs. */
export const jobsStreamOf = (queueName: string): string => `jobs-${queueName}`;

export const maxErrorLength = 500;

const redactions: [RegExp, string][] = [
  // user:password@ in URLs
  [/\/\/[^\s/@]+@/g, '//[redacted]@'],
  // Authorization header values
  [/\b(bearer|basic)\s+[\w\-.~+/]+=*/gi, '$1 [redacted]'],
  // key=value / "key": "value" pairs whose name says secret
  [
    /\b([\w-]*(?:api[-_]?key|token|secret|password|passwd|authorization|access[-_]?key|signature|sig|credential)s?)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    '$1$2[redacted]',
  ],
  // well-known key shapes: OpenAI-style, AWS access key ids, Google API keys
  [/\b(?:sk|pk|rk)-[\w-]{8,}/g, '[redacted]'],
  [/\bAKIA[0-9A-Z]{16}\b/g, '[redacted]'],
  [/\bAIza[\w-]{30,}/g, '[redacted]'],
];

/** An error's message fit for the log: what looks like a credential masked, at most maxErrorLength characters. */
export const safeErrorMessage = (e: unknown): string => {
  const raw =
    e instanceof Error ? (e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : e.message) : String(e);
  const masked = redactions.reduce((s, [pattern, by]) => s.replace(pattern, by), raw);
  return masked.length > maxErrorLength ? `${masked.slice(0, maxErrorLength - 1)}…` : masked;
};

/** Metadata of the events a job appends: the system actor, correlated with and caused by its trigger event. */
export const jobMetadata = (trigger: TriggerRef, commandId: string): EventMetadata => ({
  actor: systemActor,
  commandId,
  correlationId: trigger.correlationId,
  causationId: trigger.globalPosition,
  requestId: trigger.requestId,
  schemaVersion: 1,
});

export interface JobFailure {
  queueName: string;
  job: string;
  jobId: string;
  trigger: TriggerRef;
  attempts: number;
  error: unknown;
}

/**
 * Appends `JobFailed` to `jobs-<queue>`, once per job id: when the process dies after recording and
 * the job runs its last attempt again, the second record is a no-op.
 */
export const recordJobFailure = async (db: Db, f: JobFailure): Promise<void> => {
  const commandId = `${jobFailedType}-${f.jobId}`;
  const data: JobFailedData = {
    job: f.job,
    jobId: f.jobId,
    eventType: f.trigger.type,
    position: f.trigger.globalPosition,
    attempts: f.attempts,
    error: safeErrorMessage(f.error),
  };
  await runIdempotent(db, { actor: systemActor.email, commandId }, (trx) =>
    appendToStream(trx, jobsStreamOf(f.queueName), [{ type: jobFailedType, data }], {
      expectedVersion: 'any',
      metadata: jobMetadata(f.trigger, commandId),
    }),
  );
};
