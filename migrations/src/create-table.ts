import { sql, type Kysely, type RawBuilder } from 'kysely';

/*
 * Migrations are history: the statement these build for a migration that has run must never change,
 * so they only assemble text, in one fixed layout.
 */

/** `create table <name> (<columns>)`. */
export const createTable = async (
  db: Kysely<unknown>,
  name: string,
  columns: RawBuilder<unknown>,
): Promise<void> => {
  await sql`
    create table ${sql.raw(name)} (${columns}
    )`.execute(db);
};

/** An admin read model: its columns, then who changed the row last and when. */
export const createAdminReadModel = (
  db: Kysely<unknown>,
  name: string,
  columns: RawBuilder<unknown>,
): Promise<void> =>
  createTable(
    db,
    name,
    sql`${columns},
      changed_by text not null,
      changed_at timestamptz not null`,
  );
