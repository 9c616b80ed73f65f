import { sql } from 'kysely';
import pg from 'pg';
import { poolOf, type Db } from '../db/database';

/**
 * Reads the stored vectors of some digests, calling `onRow(digest, chunkIndex, bytes)` once a row.
 * `bytes` is valid only during the call (it may point into the connection's receive buffer): copy
 * what you keep.
 *
 * On a pool this store opened, through `COPY (...) TO STDOUT (FORMAT binary)`: the bytea arrives as
 * its raw bytes (no hex text twice its size to encode, send, decode) and each row is a slice of what
 * the socket read. Elsewhere (a transaction), through an ordinary select (hex, parsed to a Buffer).
 */
export type VectorRowSink = (digest: number, chunkIndex: number, bytes: Uint8Array) => void;

/** The digests listed as a literal (COPY takes no parameters); `digest` below is their position. */
const copyStatement = (digests: readonly string[]) => `
  copy (
    select d.ord::int4, c.chunk_index, c.embedding_bin
    from unnest(array[${digests.map((d) => pg.escapeLiteral(d)).join(',')}]::text[]) with ordinality as d(sha256, ord)
    join document_chunks c on c.sha256 = d.sha256
    where c.embedding_bin is not null
  ) to stdout (format binary)`;

const signatureLength = 11;

/**
 * A query the pg client runs as it runs its own (a "submittable"): sends COPY, hands each CopyData
 * message to `onCopyData` while it is in hand, settles at ReadyForQuery (or at an error).
 */
class CopyOut {
  private failure: unknown = null;
  private settled = false;
  constructor(
    private readonly text: string,
    private readonly onCopyData: (chunk: Buffer) => void,
    private readonly done: (failure: unknown) => void,
  ) {}
  submit(connection: pg.Connection) {
    connection.query(this.text);
  }
  handleCopyData(msg: { chunk: Buffer }) {
    if (this.failure) return;
    try {
      this.onCopyData(msg.chunk);
    } catch (e) {
      this.failure = e;
    }
  }
  handleError(e: unknown) {
    this.failure ??= e;
    this.settle();
  }
  handleReadyForQuery() {
    this.settle();
  }
  private settle() {
    if (this.settled) return;
    this.settled = true;
    this.done(this.failure);
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handlePortalSuspended() {}
  handleEmptyQuery() {}
  handleCopyInResponse(connection: pg.Connection) {
    // Never asked for: end it so the connection stays usable.
    (connection as unknown as { sendCopyFail(m: string): void }).sendCopyFail('no COPY FROM here');
  }
}

/** Parses one CopyData message of binary COPY: one row (the first one after the file header). */
const rowParser = (onRow: VectorRowSink) => {
  let first = true;
  return (chunk: Buffer) => {
    let at = 0;
    if (first) {
      first = false;
      at = signatureLength + 4;
      at += 4 + chunk.readInt32BE(at);
    }
    if (at >= chunk.length) return;
    const fields = chunk.readInt16BE(at);
    if (fields === -1) return; // the trailer
    at += 2;
    at += 4; // ord: length 4
    const digest = chunk.readInt32BE(at) - 1;
    at += 4 + 4; // chunk_index: length 4
    const index = chunk.readInt32BE(at);
    at += 4;
    const len = chunk.readInt32BE(at);
    at += 4;
    if (len < 0) return;
    onRow(digest, index, chunk.subarray(at, at + len));
  };
};

export const readStoredVectors = async (
  db: Db,
  digests: readonly string[],
  onRow: VectorRowSink,
): Promise<void> => {
  if (digests.length === 0) return;
  const pool = poolOf(db);
  if (!pool) {
    const { rows } = await sql<{ ord: number; chunk_index: number; embedding_bin: Buffer }>`
      select d.ord::int4 as ord, c.chunk_index, c.embedding_bin
      from unnest(${[...digests]}::text[]) with ordinality as d(sha256, ord)
      join document_chunks c on c.sha256 = d.sha256
      where c.embedding_bin is not null`.execute(db);
    for (const r of rows) onRow(r.ord - 1, r.chunk_index, r.embedding_bin);
    return;
  }
  const client = await pool.connect();
  let broken: unknown = null;
  try {
    await new Promise<void>((resolve, reject) => {
      client.query(
        new CopyOut(copyStatement(digests), rowParser(onRow), (failure) => {
          if (failure) {
            broken = failure;
            reject(
              failure instanceof Error
                ? failure
                : new Error('reading the vectors failed', { cause: failure }),
            );
          } else resolve();
        }),
      );
    });
  } finally {
    client.release(broken instanceof Error && !('code' in broken) ? broken : undefined);
  }
};
