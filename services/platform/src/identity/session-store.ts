import { sql } from 'kysely';
import { preparedRows, type Db } from '../db/database';

export interface ActiveSession {
  id: string;
  email: string;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Whether its user is an admin, as the admins read model says now (read with the session). */
  isAdmin: boolean;
}

export interface NewSessionRow {
  id: string;
  tokenHash: string;
  email: string;
  method: string;
  ip: string;
  userAgent: string;
  idleExpiresAt: Date;
  expiresAt: Date;
}

interface ActiveRow {
  id: string;
  email: string;
  last_seen_at: Date;
  expires_at: Date;
  is_admin: boolean;
}

/**
 * A session in force by its token's hash, with the admin directory's question in the same round trip
 * (readModelAdminDirectory's rule): one named prepared statement, parsed and planned once per
 * connection, as it is asked on every request.
 */
const findActiveStatement = `
  select s.id, s.email, s.last_seen_at, s.expires_at,
    exists (select 1 from rm_admins a where a.email = s.email) as is_admin
  from sessions s
  where s.token_hash = $1 and s.ended_at is null and s.idle_expires_at > $2 and s.expires_at > $2`;

/** The sessions table: what the authenticator reads on every request. */
export const sessionRows = {
  insert: (db: Db, s: NewSessionRow) =>
    db
      .insertInto('sessions')
      .values({
        id: s.id,
        token_hash: s.tokenHash,
        email: s.email,
        method: s.method,
        ip: s.ip,
        user_agent: s.userAgent,
        idle_expires_at: s.idleExpiresAt,
        expires_at: s.expiresAt,
      })
      .execute(),

  findActive: async (db: Db, tokenHash: string): Promise<ActiveSession | undefined> => {
    const now = new Date();
    const [row] = await preparedRows<ActiveRow>(db, 'session_find_active', findActiveStatement, [
      tokenHash,
      now,
    ]);
    return (
      row && {
        id: row.id,
        email: row.email,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        isAdmin: row.is_admin === true,
      }
    );
  },

  /**
   * Slides the idle expiry, never past the session's hard expiry. Its commit does not wait for the
   * WAL flush (set_config local to its own transaction): a slide lost in a crash of the database is
   * made again by the session's next request.
   */
  touch: async (db: Db, id: string, now: Date, idleExpiresAt: Date): Promise<void> => {
    await sql`
      update sessions set last_seen_at = ${now}, idle_expires_at = ${idleExpiresAt}
      from (select set_config('synchronous_commit', 'off', true)) as commit_without_flush
      where id = ${id}`.execute(db);
  },

  end: (db: Db, id: string, reason: string) =>
    db
      .updateTable('sessions')
      .set({ ended_at: new Date(), ended_reason: reason })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute(),

  activeIdsFor: async (db: Db, email: string): Promise<string[]> =>
    (
      await db
        .selectFrom('sessions')
        .select('id')
        .where('email', '=', email)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', new Date())
        .execute()
    ).map((r) => r.id),

  /** Which of these sessions are still in force. */
  stillActive: async (db: Db, ids: readonly string[]): Promise<Set<string>> => {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ids)
      .where('ended_at', 'is', null)
      .where('idle_expires_at', '>', new Date())
      .where('expires_at', '>', new Date())
      .execute();
    return new Set(rows.map((r) => r.id));
  },
};
