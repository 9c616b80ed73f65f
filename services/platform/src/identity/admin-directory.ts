import type { Db } from '../db/database';

/** Who is an admin, as the admins read model says. */
export interface AdminDirectory {
  isAdmin(email: string): Promise<boolean>;
  /** Which of these emails are admins, in one read. */
  adminsAmong(emails: readonly string[]): Promise<Set<string>>;
}

export const readModelAdminDirectory = (db: Db): AdminDirectory => ({
  isAdmin: async (email) =>
    (await db.selectFrom('rm_admins').select('email').where('email', '=', email).executeTakeFirst()) !==
    undefined,
  adminsAmong: async (emails) =>
    emails.length === 0
      ? new Set()
      : new Set(
          (await db.selectFrom('rm_admins').select('email').where('email', 'in', emails).execute()).map(
            (r) => r.email,
          ),
        ),
});
