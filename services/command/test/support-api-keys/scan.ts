import { sql } from 'kysely';
import type { Db } from '@app/platform';

/**
 * Every table of the database (every schema but PostgreSQL's own) whose rows, as text, contain
 * `needle`: `schema.table` names. Each row is cast to text whole (`t::text`), so no column is missed.
 */
export const tablesContaining = async (db: Db, needle: string): Promise<string[]> => {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
    db,
  );
  const found: string[] = [];
  for (const t of tables.rows) {
    const hit = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(`${t.schema}.${t.name}`)} as t
       where strpos(t::text, ${needle}) > 0`.execute(db);
    if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${t.schema}.${t.name}`);
  }
  return found;
};

/** How many tables the scan reads (to show it read some). */
export const tableCount = async (db: Db): Promise<number> => {
  const r = await sql<{ n: string }>`
    select count(*) as n from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0);
};
