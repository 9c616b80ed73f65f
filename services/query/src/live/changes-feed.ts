import { isUserReadModel, type ChangedMessage, type ReadModelName } from '@app/contracts';
import type { Db } from '@app/platform';

/**
 * The changes the projection runner recorded after `seq`, in commit order, as `/live` sends them.
 * With `readModels`, only theirs; with `viewer` too, a user read model's changes only when `viewer`
 * made them (what that user's socket is sent).
 */
export const readChangesAfter = async (
  db: Db,
  seq: string,
  limit: number,
  readModels?: readonly ReadModelName[],
  viewer?: string,
): Promise<ChangedMessage[]> => {
  let query = db
    .selectFrom('live_changes')
    .select(['seq', 'read_model', 'ids', 'position', 'actor'])
    .where('seq', '>', seq);
  if (readModels) {
    const admin = readModels.filter((rm) => viewer === undefined || !isUserReadModel(rm));
    const own = viewer === undefined ? [] : readModels.filter(isUserReadModel);
    query = query.where((eb) =>
      eb.or([
        eb('read_model', 'in', admin.length > 0 ? [...admin] : ['']),
        eb.and([eb('read_model', 'in', own.length > 0 ? [...own] : ['']), eb('actor', '=', viewer ?? '')]),
      ]),
    );
  }
  const rows = await query.orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({
    type: 'changed',
    readModel: r.read_model as ReadModelName,
    ids: r.ids,
    position: r.position,
    seq: r.seq,
    actor: r.actor,
  }));
};

/** The newest and the oldest change the feed still holds ('0' and null when it holds none). */
export const feedBounds = async (db: Db): Promise<{ newest: string; oldest: string | null }> => {
  const row = await db
    .selectFrom('live_changes')
    .select((eb) => [eb.fn.max('seq').as('newest'), eb.fn.min('seq').as('oldest')])
    .executeTakeFirst();
  return { newest: row?.newest ?? '0', oldest: row?.oldest ?? null };
};
