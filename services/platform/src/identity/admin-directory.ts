import type { Db } from '../db/database';

/** Who is an admin, as the admins read model says. */
export interface AdminDirectory {
  isAdmin(email: string): Promise<boolean>;
}

export const readModelAdminDirectory = (db: Db): AdminDirectory => ({
  isAdmin: async (email) =>
    (await db.selectFrom('rm_admins').select('email').where('email', '=', email).executeTakeFirst()) !==
    undefined,
});
