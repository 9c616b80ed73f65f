import type { ConfigsResponse } from '@app/contracts';
import type { Db } from '@app/platform';
import { configurationAt, positionAt } from './configuration-at';

/**
 * GET /amplifymin/configs?at=<ISO time or position>: the whole configuration as it was then, folded
 * from the log (the query service is given this function where it is composed).
 */
export const configsAtFrom =
  (db: Db) =>
  async (at: string): Promise<ConfigsResponse> => {
    const { data, meta, position } = await configurationAt(db, await positionAt(db, at));
    return { success: true, data, meta, position };
  };
