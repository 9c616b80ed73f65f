import { sql } from 'kysely';
import { FileStatus, type FileMetadata, type FileQueryRequest } from '@app/contracts';
import type { Db } from '@app/platform';

type FileRow = {
  key: string;
  name: string;
  type: string;
  status: string;
  total_items: number | null;
  is_image: boolean;
  message: string | null;
  size: string | null;
  tags: string[];
  source_url: string | null;
  from_sitemap: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A `rm_files` row as the metadata url and the document list show it. */
export const fileMetadataOf = (r: FileRow): FileMetadata => ({
  key: r.key,
  name: r.name,
  type: r.type,
  status: FileStatus.catch('starting').parse(r.status),
  ...(r.total_items === null ? {} : { totalItems: r.total_items, isImage: r.is_image }),
  ...(r.message === null ? {} : { message: r.message }),
  ...(r.size === null ? {} : { size: Number(r.size) }),
  tags: r.tags,
  ...(r.source_url === null ? {} : { sourceUrl: r.source_url }),
  ...(r.from_sitemap === null ? {} : { fromSitemap: r.from_sitemap }),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The cursor of a page: where the next one starts (newest first, then by key). */
const encodeCursor = (r: Pick<FileRow, 'updated_at' | 'key'>) =>
  Buffer.from(JSON.stringify([r.updated_at.toISOString(), r.key])).toString('base64url');

const decodeCursor = (cursor: string): { at: Date; key: string } | null => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') return null;
    const at = new Date(parsed[0]);
    return Number.isNaN(at.getTime()) ? null : { at, key: parsed[1] };
  } catch {
    return null;
  }
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of `owner`'s files, the most recently changed first: those whose name or a tag holds
 * `search` (case-insensitively) and that carry every tag asked for. A cursor that does not read
 * starts from the first page.
 */
export const queryFiles = async (
  db: Db,
  owner: string,
  q: FileQueryRequest,
): Promise<{ items: FileMetadata[]; cursor: string | null }> => {
  let query = db.selectFrom('rm_files').selectAll().where('owner', '=', owner);
  const search = q.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        sql<boolean>`exists (select 1 from unnest(${eb.ref('tags')}) as t(tag) where t.tag ilike ${pattern})`,
      ]),
    );
  }
  if (q.tags && q.tags.length > 0) query = query.where(sql<boolean>`tags @> ${sql.val(q.tags)}::text[]`);
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('updated_at', '<', after.at),
        eb.and([eb('updated_at', '=', after.at), eb('key', '>', after.key)]),
      ]),
    );
  const rows = await query
    .orderBy('updated_at', 'desc')
    .orderBy('key')
    .limit(q.pageSize + 1)
    .execute();
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(fileMetadataOf),
    cursor: rows.length > q.pageSize && last ? encodeCursor(last) : null,
  };
};

/** Every tag on `owner`'s files, sorted. */
export const readFileTags = async (db: Db, owner: string): Promise<string[]> => {
  const rows = await db
    .selectFrom('rm_files')
    .select(sql<string>`unnest(tags)`.as('tag'))
    .where('owner', '=', owner)
    .distinct()
    .execute();
  return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
};
