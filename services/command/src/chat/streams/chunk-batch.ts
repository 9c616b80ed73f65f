import type { ChatChunk } from '@app/contracts';
import type { StreamedChunk } from './ports';

/**
 * One flush of a stream's writer: chunks `firstId`..`lastId` (empty when only the end is marked:
 * `lastId` is then `firstId - 1`), and whether the stream ends with it. Both stores keep one of these
 * per row (PostgreSQL) or per entry (Redis), never one per chunk.
 */
export interface ChunkBatch {
  firstId: number;
  lastId: number;
  chunks: readonly ChatChunk[];
  ended: boolean;
}

/** The chunks of `batch` after `cursor` (the id last given to the follower), with their ids. */
export const chunksAfter = (batch: ChunkBatch, cursor: number): StreamedChunk[] => {
  const out: StreamedChunk[] = [];
  batch.chunks.forEach((chunk, i) => {
    const id = batch.firstId + i;
    if (id > cursor) out.push({ id, chunk });
  });
  return out;
};

/**
 * Gives a follower the chunks of `batches` after `cursor.at` (the id last given), moving the cursor
 * on with each: 'ended' once a batch ends the stream, 'stopped' when `stopped()` says so before a
 * chunk, else 'more' (the follower reads on).
 */
export function* followBatches(
  batches: Iterable<ChunkBatch>,
  cursor: { at: number },
  stopped: () => boolean,
): Generator<StreamedChunk, 'ended' | 'stopped' | 'more'> {
  for (const batch of batches) {
    for (const streamed of chunksAfter(batch, cursor.at)) {
      if (stopped()) return 'stopped';
      yield streamed;
      cursor.at = streamed.id;
    }
    if (batch.ended) return 'ended';
  }
  return 'more';
}

/**
 * A stored batch's chunks: written by `chunkBatcher` from typed chunks and read back as json, so
 * they are trusted, not parsed again (a replay must not drop what the live stream sent).
 */
export const storedChunks = (value: unknown): ChatChunk[] =>
  Array.isArray(value) ? (value as ChatChunk[]) : [];
