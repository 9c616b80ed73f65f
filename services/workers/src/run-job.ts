import { UnrecoverableError } from 'bullmq';
import type { Db, Logger } from '@app/platform';
import { jobMetadata, recordJobFailure, safeErrorMessage } from './job-failures';
import type { JobServices, ProcessorRegistry } from './jobs/types';
import type { EnvelopeProcessor } from './queue-backend';

const isUnrecoverable = (e: unknown): boolean =>
  e instanceof UnrecoverableError || (e instanceof Error && e.name === 'UnrecoverableError');

/**
 * The BullMQ processor of a queue: runs the registered processor of the job's name. When an attempt
 * fails and no attempt is left, the failure is recorded in the log before BullMQ marks the job failed.
 */
export const runJob =
  (opts: {
    db: Db;
    logger: Logger;
    processors: ProcessorRegistry;
    queueName: string;
    services?: JobServices;
  }): EnvelopeProcessor =>
  async (job, _token, signal) => {
    const jobId = job.id ?? '';
    const { trigger, data } = job.data;
    const attempt = job.attemptsMade + 1;
    const log = opts.logger.child({ job: job.name, jobId, attempt });
    try {
      const processor = Object.hasOwn(opts.processors, job.name) ? opts.processors[job.name] : undefined;
      if (!processor) throw new UnrecoverableError(`No processor for job ${job.name}`);
      return await processor(data, {
        db: opts.db,
        logger: log,
        jobId,
        jobName: job.name,
        attempt,
        lastAttempt: attempt >= (job.opts.attempts ?? 1),
        trigger,
        metadata: jobMetadata(trigger, jobId),
        signal,
        ...opts.services,
      });
    } catch (e) {
      const final = isUnrecoverable(e) || attempt >= (job.opts.attempts ?? 1);
      // Messages are masked like the recorded failure; the full error only at debug level.
      log.debug({ err: e }, 'job attempt failed');
      if (!final) {
        log.warn({ error: safeErrorMessage(e) }, 'job attempt failed; it will be retried');
        throw e;
      }
      log.error({ error: safeErrorMessage(e) }, 'job failed after its last attempt');
      try {
        await recordJobFailure(opts.db, {
          queueName: opts.queueName,
          job: job.name,
          jobId,
          trigger,
          attempts: attempt,
          error: e,
        });
      } catch (recordError) {
        log.error({ err: recordError }, 'could not record the job failure in the log');
      }
      throw e;
    }
  };
