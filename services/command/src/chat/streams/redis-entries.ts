import type { ChunkBatch } from './chunk-batch';
import { storedChunks } from './chunk-batch';

/**
 * A batch as Redis Stream entries: its chunks as one entry of id `0-<lastId>`, and the end as an
 * entry of its own, without chunks, of id `0-<lastId + 1>`. So "the entries after `0-<cursor>`" are
 * exactly the batches holding chunks after the cursor, and the end for any cursor, for XRANGE and
 * XREAD alike.
 */
export const entriesOf = (batch: ChunkBatch): { id: string; fields: string[] }[] => [
  ...(batch.chunks.length > 0
    ? [{ id: `0-${batch.lastId}`, fields: ['f', String(batch.firstId), 'c', JSON.stringify(batch.chunks)] }]
    : []),
  ...(batch.ended
    ? [{ id: `0-${batch.lastId + 1}`, fields: ['f', String(batch.lastId + 1), 'c', '[]', 'e', '1'] }]
    : []),
];

export const afterCursor = (cursor: number): string => `0-${cursor}`;

/** An entry read back (its id and flat field list) as the batch it was written from. */
export const batchOfEntry = (id: string, fields: readonly string[]): ChunkBatch => {
  const get = (name: string) => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  const chunks = storedChunks(JSON.parse(get('c') ?? '[]'));
  const firstId = Number(get('f') ?? 0);
  const tail = Number(id.split('-')[1] ?? 0);
  return {
    firstId,
    lastId: chunks.length > 0 ? tail : firstId - 1,
    chunks,
    ended: get('e') === '1',
  };
};

/** A retried XADD whose first attempt did land: Redis refuses the same id again. */
export const isDuplicateEntry = (e: unknown): boolean =>
  e instanceof Error && /equal or smaller than the target stream top item/i.test(e.message);
