import type pg from 'pg';

/**
 * One event, outside a transaction, at a known version: a single INSERT, no function call. The
 * version the caller saw must be the head: that version exists (or is 0), and the next one does not
 * (the unique index answers, the insert does nothing). With one row there is nothing to half-insert.
 */
const appendOneStatement = `
  insert into events (stream_id, stream_version, event_type, data, metadata)
  select $1::text, $2::int + 1, $3::text, $4::jsonb, $5::jsonb
  where $2::int = 0
     or exists (select 1 from events where stream_id = $1::text and stream_version = $2::int)
  on conflict (stream_id, stream_version) do nothing
  returning global_position`;

/** The event's global position, or null when the stream is not at `expected`. */
export const appendOne = async (
  pool: pg.Pool,
  streamId: string,
  expected: number,
  type: string,
  dataJson: string,
  metadataJson: string,
): Promise<string | null> => {
  const result = await pool.query<{ global_position: string }>({
    name: 'append_one',
    text: appendOneStatement,
    values: [streamId, expected, type, dataJson, metadataJson],
  });
  return result.rows[0]?.global_position ?? null;
};
