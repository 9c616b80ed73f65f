import { sql } from 'kysely';
import type { Db } from '@app/platform';

/**
 * The model an earlier file with the same content was embedded with (its last FileEmbedded event),
 * '' when none names one. Read only when a file reuses an earlier, fully embedded result.
 */
export const embeddedModelOf = async (db: Db, sha256: string): Promise<string> => {
  const row = await db
    .selectFrom('events')
    .select(sql<string | null>`data ->> 'model'`.as('model'))
    .where('event_type', '=', 'FileEmbedded')
    .where(sql<boolean>`data ->> 'sha256' = ${sha256}`)
    .where(sql<boolean>`coalesce(data ->> 'model', '') <> ''`)
    .orderBy('global_position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.model ?? '';
};
