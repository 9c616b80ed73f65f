import { sql, type Kysely } from 'kysely';

/**
 * `projection_parks` holds several events per follower: at most one that holds it (`set_aside` false:
 * a transient failure, retried with backoff, then parked), and any number set aside (`set_aside`
 * true: an event that fails the same way every time; the follower went on past it, and an operator
 * retries or skips it). One row per event a follower failed on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projection_parks add column set_aside boolean not null default false`.execute(db);
  await sql`alter table projection_parks drop constraint projection_parks_pkey`.execute(db);
  await sql`alter table projection_parks add primary key (projection, global_position)`.execute(db);
  await sql`
    create unique index projection_parks_holding on projection_parks (projection) where not set_aside`.execute(
    db,
  );
}
