import { sql } from 'kysely';
import { preparedRows, type Db } from '../db/database';
import { turnBatcher, turnBatcherPerDatabase } from '../db/turn-batch';

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
  token_hash: string;
  id: string;
  email: string;
  last_seen_at: Date;
  expires_at: Date;
  is_admin: boolean;
}

/**
 * The sessions in force among those of the tokens' hashes, each with the admin directory's question in
 * the same round trip (readModelAdminDirectory's rule): one named prepared statement, parsed and
 * planned once per connection, as it is asked on every request.
 */
const findActiveStatement = `
  select s.token_hash, s.id, s.email, s.last_seen_at, s.expires_at,
    exists (select 1 from rm_admins a where a.email = s.email) as is_admin
  from sessions s
  where s.token_hash = any($1::text[]) and s.ended_at is null and s.idle_expires_at > $2
    and s.expires_at > $2`;

const activeOf = (row: ActiveRow): ActiveSession => ({
  id: row.id,
  email: row.email,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  isAdmin: row.is_admin === true,
});

/** The requests of one turn checked together: one statement for all their tokens. */
const activeSessions = turnBatcherPerDatabase((db) =>
  turnBatcher<string, ActiveSession | undefined>(async (tokenHashes) => {
    const rows = await preparedRows<ActiveRow>(db, 'session_find_active', findActiveStatement, [
      [...new Set(tokenHashes)],
      new Date(),
    ]);
    const byHash = new Map(rows.map((row) => [row.token_hash, activeOf(row)]));
    return tokenHashes.map((hash) => byHash.get(hash));
  }),
);

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

  /** The session in force of a token's hash: asked with the other requests of this turn (one statement). */
  findActive: (db: Db, tokenHash: string): Promise<ActiveSession | undefined> =>
    activeSessions(db).load(tokenHash),

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
