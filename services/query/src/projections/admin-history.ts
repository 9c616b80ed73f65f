import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import {
  actorOf,
  adminSectionOf,
  fieldKey,
  foldOps,
  itemsOf,
  opsOf,
  sessionRowOf,
  type FieldChange,
  type SectionFields,
} from './admin-history-fold';
import type { Projection } from './projection';
import { emptying } from './rows';

const sessionTypes = new Set(['SignedIn', 'SignedOut', 'SessionRevoked']);

/** The fields of these items of a section, as last folded. */
const loadFields = async (trx: Db, section: string, items: string[]): Promise<SectionFields> => {
  if (items.length === 0) return new Map();
  const rows = await trx
    .selectFrom('rm_admin_history_state')
    .select(['item', 'field', 'value'])
    .where('section', '=', section)
    .where('item', 'in', items)
    .execute();
  return new Map(rows.map((r) => [fieldKey(r.item, r.field), r.value]));
};

/** Writes the changed fields' new values (a field gone is deleted). */
const saveFields = async (trx: Db, section: string, changes: readonly FieldChange[]): Promise<void> => {
  const last = new Map(changes.map((c) => [fieldKey(c.item, c.field), c]));
  const gone = [...last.values()].filter((c) => c.to === null);
  const kept = [...last.values()].filter((c) => c.to !== null);
  for (const c of gone)
    await trx
      .deleteFrom('rm_admin_history_state')
      .where('section', '=', section)
      .where('item', '=', c.item)
      .where('field', '=', c.field)
      .execute();
  if (kept.length)
    await trx
      .insertInto('rm_admin_history_state')
      .values(kept.map((c) => ({ section, item: c.item, field: c.field, value: c.to ?? '' })))
      .onConflict((oc) =>
        oc.columns(['section', 'item', 'field']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
};

const row = (e: RecordedEvent, kind: 'changes' | 'sessions', actor: string) => ({
  position: e.globalPosition,
  kind,
  recorded_at: new Date(e.recordedAt),
  actor,
  event_type: e.type,
});

/**
 * The history of admin edits and sessions (docs/architecture.md, "Admin history"): for every event of
 * an admin section's stream, one row per field it changed with the value before (folded here, in
 * `rm_admin_history_state`) and after; for every sign-in, sign-out and ended session, one row. Read by
 * GET /api/admin/history, so a page never reads the log.
 */
export const adminHistoryProjection: Projection = {
  name: 'adminHistory',
  readModel: null,
  handles: 'all',
  apply: async (e: RecordedEvent, trx: Db) => {
    if (sessionTypes.has(e.type)) {
      const s = sessionRowOf(e.type, e.data);
      if (!s) return [];
      await trx
        .insertInto('rm_admin_history')
        .values({
          ...row(e, 'sessions', s.actor),
          ord: 0,
          section: 'sessions',
          item: s.item,
          field: s.field,
          from_value: null,
          to_value: s.to,
        })
        .execute();
      return [];
    }
    const section = adminSectionOf(e.streamId);
    if (section === null) return [];
    const ops = opsOf(section, e.type, e.data);
    const fields = await loadFields(trx, section, itemsOf(ops));
    const changes = foldOps(fields, ops);
    if (changes.length === 0) return [];
    await saveFields(trx, section, changes);
    const base = row(e, 'changes', actorOf(e.metadata));
    await trx
      .insertInto('rm_admin_history')
      .values(
        changes.map((c, ord) => ({
          ...base,
          ord,
          section,
          item: c.item,
          field: c.field,
          from_value: c.from,
          to_value: c.to,
        })),
      )
      .execute();
    return [];
  },
  reset: emptying('rm_admin_history', 'rm_admin_history_state'),
};
