import { sql, type Kysely } from 'kysely';

/**
 * The history of admin edits and sessions (projection `adminHistory`, docs/architecture.md "Admin
 * history"):
 * - `rm_admin_history`: one row per changed field of an admin section's item (or per session event),
 *   with its from and to (a secret only as its mask), who and when; read newest first by
 *   (position, ord), so a page never scans the log;
 * - `rm_admin_history_state`: each section's fields as last folded, the "from" of the next change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_admin_history (
      position bigint not null,
      ord integer not null,
      kind text not null,
      recorded_at timestamptz not null,
      actor text not null,
      section text not null,
      item text not null,
      field text not null,
      from_value text,
      to_value text,
      event_type text not null,
      primary key (position, ord)
    )`.execute(db);
  await sql`create index rm_admin_history_kind on rm_admin_history (kind, position desc, ord desc)`.execute(
    db,
  );
  await sql`create index rm_admin_history_section on rm_admin_history (kind, section, item, position desc, ord desc)`.execute(
    db,
  );
  await sql`create index rm_admin_history_actor on rm_admin_history (kind, actor, position desc, ord desc)`.execute(
    db,
  );
  await sql`
    create table rm_admin_history_state (
      section text not null,
      item text not null,
      field text not null,
      value text not null,
      primary key (section, item, field)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rm_admin_history_state`.execute(db);
  await sql`drop table rm_admin_history`.execute(db);
}
