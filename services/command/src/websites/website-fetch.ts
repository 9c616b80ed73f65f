import { fileStreamId, isWebsiteFileType, type EventMetadata } from '@app/contracts';
import { readStream, type BlobStore, type Db, type OutboundClient } from '@app/platform';
import { fileStateOf, recordFileProgress, recordFileUploaded, type FileState } from '../files/index';
import { fetchWebsiteContent, type WebsiteContent, type WebsiteSource } from './website-content';
import { WebsiteFetchError } from './website-errors';

/** What fetching a website file needs: the guarded client and the blob store. */
export interface WebsiteServices {
  outbound: OutboundClient;
  blobs: BlobStore;
}

export type WebsiteFetchOutcome =
  | { outcome: 'stored'; sha256: string; size: number }
  | { outcome: 'failed'; reason: string; message: string; recorded: boolean }
  /** Nothing to do: not a website file, deleted, or its content is already there. */
  | { outcome: 'skipped'; why: string };

export type RescanOutcome =
  | { outcome: 'changed'; sha256: string }
  | { outcome: 'unchanged' }
  | { outcome: 'failed'; reason: string; message: string }
  | { outcome: 'skipped'; why: string };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The `data` the file's last FileUploadRequested carried (a sitemap's maxPages). */
const requestedData = async (db: Db, key: string): Promise<Record<string, unknown>> => {
  const requested = (await readStream(db, fileStreamId(key)))
    .filter((e) => e.type === 'FileUploadRequested')
    .pop();
  const data = isRecord(requested?.data) ? requested.data['data'] : undefined;
  return isRecord(data) ? data : {};
};

/** Why the file cannot be fetched, or what to fetch. */
const sourceOf = async (
  db: Db,
  key: string,
): Promise<{ state: FileState; source: WebsiteSource } | { why: string }> => {
  const state = await fileStateOf(db, key);
  if (!state) return { why: 'no such file' };
  if (state.deleted) return { why: 'deleted' };
  if (!isWebsiteFileType(state.type) || state.sourceUrl === null) return { why: 'not a website file' };
  return {
    state,
    source: { type: state.type, sourceUrl: state.sourceUrl, data: await requestedData(db, key) },
  };
};

/** Keeps the bytes under the file's key, then records FileUploaded with their digests (processing follows). */
const store = async (
  db: Db,
  key: string,
  content: WebsiteContent,
  services: WebsiteServices,
  metadata: EventMetadata,
): Promise<'recorded' | 'ignored'> => {
  await services.blobs.put(key, content.body, content.contentType);
  return recordFileUploaded(db, key, content.digests, metadata);
};

const fetched = async (services: WebsiteServices, source: WebsiteSource, signal?: AbortSignal) => {
  try {
    return await fetchWebsiteContent(services.outbound, source, signal);
  } catch (e) {
    if (e instanceof WebsiteFetchError) return e;
    throw e;
  }
};

/**
 * The `website-fetch` job's work: fetches a website file's content through the guarded client,
 * stores it and records FileUploaded (the processing pipeline takes it from there). A fetch that
 * fails is the file's FileProcessingFailed, with the reason in words a user reads.
 */
export const fetchWebsiteFile = async (
  db: Db,
  key: string,
  services: WebsiteServices,
  metadata: EventMetadata,
  signal?: AbortSignal,
): Promise<WebsiteFetchOutcome> => {
  const found = await sourceOf(db, key);
  if ('why' in found) return { outcome: 'skipped', why: found.why };
  if (found.state.uploaded) return { outcome: 'skipped', why: 'already fetched' };
  const content = await fetched(services, found.source, signal);
  if (content instanceof WebsiteFetchError) {
    const { reason, message } = content;
    const recorded = await recordFileProgress(
      db,
      key,
      { type: 'FileProcessingFailed', data: { key, reason, message } },
      metadata,
    );
    return { outcome: 'failed', reason, message, recorded: recorded === 'recorded' };
  }
  const recorded = await store(db, key, content, services, metadata);
  if (recorded === 'ignored') return { outcome: 'skipped', why: 'deleted while it was fetched' };
  return { outcome: 'stored', sha256: content.digests.sha256, size: content.digests.size };
};

/**
 * Fetches a website file again (a rescan): when its content's SHA-256 changed, the new bytes are
 * stored and FileUploaded is recorded with the new digests (the file is processed again, and its
 * new content is what SHA-256 reuse and retrieval see); the same content records nothing. A fetch
 * that fails keeps the file as it is and says why.
 */
export const rescanWebsite = async (
  db: Db,
  key: string,
  services: WebsiteServices,
  metadata: EventMetadata,
  signal?: AbortSignal,
): Promise<RescanOutcome> => {
  const found = await sourceOf(db, key);
  if ('why' in found) return { outcome: 'skipped', why: found.why };
  const content = await fetched(services, found.source, signal);
  if (content instanceof WebsiteFetchError)
    return { outcome: 'failed', reason: content.reason, message: content.message };
  if (found.state.uploaded && found.state.sha256 === content.digests.sha256) return { outcome: 'unchanged' };
  const recorded = await store(db, key, content, services, metadata);
  return recorded === 'recorded'
    ? { outcome: 'changed', sha256: content.digests.sha256 }
    : { outcome: 'skipped', why: 'deleted while it was fetched' };
};
