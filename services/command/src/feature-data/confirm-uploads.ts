import { apiDocumentationStreamId, dataDisclosureStreamId, type EventMetadata } from '@app/contracts';
import type { BlobStore, Db } from '@app/platform';
import { loadState } from '../shared/stream-state';
import { apiDocumentationDecider, type ApiDocumentationState } from './api-documentation-decider';
import { dataDisclosureDecider, newerVersion, type DataDisclosureState } from './data-disclosure-decider';
import { recordObserved } from '../shared/command-step';

/** An upload asked for longer ago than this is not looked for any more (its url expired long since). */
export const lookForUploadsMs = 24 * 60 * 60 * 1000;

const recent = (requestedAt: string, now: number): boolean =>
  now - Date.parse(requestedAt) < lookForUploadsMs;

/** The bytes of `key` as the store has them, when there are any. */
const arrived = async (blobs: BlobStore, key: string): Promise<number | null> => {
  const head = await blobs.head(key);
  return head !== null && head.size > 0 ? head.size : null;
};

/**
 * The Data Disclosure as it is now: an upload asked for (newer than the published one) whose bytes
 * have arrived is recorded as uploaded first (the filesystem store and S3 alike: the store is asked).
 */
export const currentDisclosure = async (
  db: Db,
  blobs: BlobStore,
  metadata: EventMetadata,
  now = Date.now(),
): Promise<DataDisclosureState> => {
  const state = (await loadState(db, dataDisclosureDecider, dataDisclosureStreamId)).state;
  const candidates = state.pending
    .filter((p) => !state.latest || newerVersion(p.version, state.latest.version))
    .filter((p) => recent(p.requestedAt, now))
    .reverse();
  for (const pending of candidates) {
    const size = await arrived(blobs, pending.key);
    if (size === null) continue;
    const command = { type: 'ConfirmDisclosureUpload' as const, data: { version: pending.version, size } };
    await recordObserved(
      db,
      {
        name: 'confirmDisclosureUpload',
        decider: dataDisclosureDecider,
        streamId: dataDisclosureStreamId,
        command,
      },
      metadata,
    );
    return (await loadState(db, dataDisclosureDecider, dataDisclosureStreamId)).state;
  }
  return state;
};

/** The API documentation as it is now: each upload asked for whose bytes have arrived is recorded first. */
export const currentApiDocs = async (
  db: Db,
  blobs: BlobStore,
  metadata: EventMetadata,
  now = Date.now(),
): Promise<ApiDocumentationState> => {
  const state = (await loadState(db, apiDocumentationDecider, apiDocumentationStreamId)).state;
  let recorded = false;
  for (const pending of state.pending.filter((p) => recent(p.requestedAt, now))) {
    const size = await arrived(blobs, pending.key);
    if (size === null) continue;
    const command = { type: 'ConfirmApiDocUpload' as const, data: { key: pending.key, size } };
    await recordObserved(
      db,
      {
        name: 'confirmApiDocUpload',
        decider: apiDocumentationDecider,
        streamId: apiDocumentationStreamId,
        command,
      },
      metadata,
    );
    recorded = true;
  }
  return recorded ? (await loadState(db, apiDocumentationDecider, apiDocumentationStreamId)).state : state;
};
