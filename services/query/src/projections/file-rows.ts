import {
  fileStatusAfter,
  FileStatus,
  type FileEvent,
  type FileUploadRequestedData,
  type RecordedEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';
import type { AppliedChange } from './projection';

/** The change to one file's row, for its owner only (a worker's report on it too). */
const changed = (row: { key: string; owner: string } | undefined): AppliedChange | string[] =>
  row ? { ids: [row.key], audience: row.owner } : [];

const at = (recorded: RecordedEvent) => new Date(recorded.recordedAt);

/** An upload requested: a new row, or a new life for the key (everything before it forgotten). */
export const insertFile = async (trx: Db, d: FileUploadRequestedData, recorded: RecordedEvent) => {
  const row = {
    key: d.key,
    owner: d.owner,
    name: d.name,
    type: d.type,
    knowledge_base: d.knowledgeBase,
    status: 'starting',
    size: null,
    sha256: null,
    tags: d.tags,
    total_items: null,
    is_image: false,
    message: null,
    rag_on: d.ragOn,
    source_url: d.sourceUrl ?? null,
    from_sitemap: d.fromSitemap ?? null,
    group_id: d.groupId,
    created_at: at(recorded),
    updated_at: at(recorded),
  };
  const { key: _key, ...again } = row;
  await trx
    .insertInto('rm_files')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet(again))
    .execute();
  return changed(d);
};

type RowUpdate = Partial<{
  size: number;
  sha256: string;
  total_items: number;
  is_image: boolean;
  message: string | null;
  tags: string[];
}>;

/** The fields an event sets beside the status. */
const fieldsOf = (event: FileEvent): RowUpdate => {
  switch (event.type) {
    case 'FileUploaded':
      return { size: event.data.size, sha256: event.data.sha256, message: null };
    case 'FileProcessed':
      return {
        sha256: event.data.sha256,
        total_items: event.data.totalItems,
        is_image: event.data.isImage,
        message: null,
      };
    case 'FileProcessingFailed':
      return { message: event.data.message };
    case 'FileEmbeddingFailed':
      return { message: event.data.reason };
    case 'FileTagsSet':
      return { tags: event.data.tags };
    case 'FileReprocessRequested':
    case 'FileEmbeddingQueued':
      return { message: null };
    case 'FileUploadRequested':
    case 'FileProcessingStarted':
    case 'FileEmbedded':
    case 'FileEmbeddingTerminated':
    case 'FileDeleted':
      return {};
    default:
      return event satisfies never;
  }
};

/** Any later event: the status it leaves the file in, and what it found. */
export const updateFile = async (trx: Db, event: FileEvent, recorded: RecordedEvent) => {
  const { key } = event.data;
  const current = await trx
    .selectFrom('rm_files')
    .select(['status', 'rag_on'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!current) return [];
  const before = FileStatus.catch('starting').parse(current.status);
  const row = await trx
    .updateTable('rm_files')
    .set({
      ...fieldsOf(event),
      status: fileStatusAfter(event.type, before, current.rag_on),
      updated_at: at(recorded),
    })
    .where('key', '=', key)
    .returning(['key', 'owner'])
    .executeTakeFirst();
  return changed(row);
};

/** A deleted file's row goes. */
export const deleteFile = async (trx: Db, key: string) =>
  changed(
    await trx.deleteFrom('rm_files').where('key', '=', key).returning(['key', 'owner']).executeTakeFirst(),
  );
