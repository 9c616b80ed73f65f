import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { fetchWebsiteFile, type WebsiteServices } from '@app/command';
import type { RecordedEvent } from '@app/contracts';
import type { JobContext, JobProcessor, JobRequest } from './types';

export const websiteFetchJob = 'website-fetch';

/** The job's input: the key of a file whose FileUploadRequested names a `sourceUrl`. */
const WebsiteFetchJobData = z.object({ key: z.string().min(1) });

/** FileUploadRequested of a website file (a page, or a sitemap's group): fetch it. Uploads are not routed. */
export const websiteFetchRoute = (event: RecordedEvent): JobRequest | null => {
  const data = z.object({ key: z.string().min(1), sourceUrl: z.string().min(1) }).safeParse(event.data);
  return data.success ? { name: websiteFetchJob, data: { key: data.data.key } } : null;
};

const servicesOf = (ctx: JobContext): WebsiteServices => {
  if (!ctx.websiteOutbound || !ctx.blobs)
    throw new UnrecoverableError(
      "fetching websites needs the workers to be started with the websites' outbound client and the blob store",
    );
  return { outbound: ctx.websiteOutbound, blobs: ctx.blobs };
};

/**
 * The `website-fetch` job: fetches the page (or the sitemap's list of pages) through the guarded
 * outbound client, stores it under the file's key and records FileUploaded, so the file is processed
 * as an upload is. A fetch that fails (refused address, status, type, size, time) is recorded at once
 * as the file's FileProcessingFailed with its reason (a rescan fetches it again); a blob store or
 * database that fails throws, and the attempt is retried.
 */
export const runWebsiteFetch: JobProcessor = async (data, ctx) => {
  const { key } = WebsiteFetchJobData.parse(data);
  const outcome = await fetchWebsiteFile(ctx.db, key, servicesOf(ctx), ctx.metadata, ctx.signal);
  switch (outcome.outcome) {
    case 'stored':
      ctx.logger.info({ key, size: outcome.size }, 'website fetched');
      break;
    case 'failed':
      ctx.logger.info({ key, reason: outcome.reason, recorded: outcome.recorded }, 'website not fetched');
      break;
    case 'skipped':
      ctx.logger.info({ key, why: outcome.why }, 'website fetch skipped');
      break;
  }
  return { key, outcome: outcome.outcome };
};
