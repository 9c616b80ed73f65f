import { sql, type Insertable, type Kysely } from 'kysely';
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
  type SectionFields,
} from './admin-history-fold';

type HistoryRow = Insertable<(Db extends Kysely<infer S> ? S : never)['rm_admin_history']>;

const sessionTypes = new Set(['SignedIn', 'SignedOut', 'SessionRevoked']);

/** Whether the history folds this event at all: a session's, or one of an admin section's stream. */
export const foldsIntoHistory = (e: Pick<RecordedEvent, 'type' | 'streamId'>): boolean =>
  sessionTypes.has(e.type) || adminSectionOf(e.streamId) !== null;

/** PostgreSQL takes at most 65535 bind parameters in one statement; a chunk stays well under. */
const maxParameters = 60_000;

const chunksOf = <T>(rows: readonly T[], columns: number): T[][] => {
  const size = Math.max(1, Math.floor(maxParameters / columns));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
};

/** The fields of these items of a section, as last folded (one statement, the items as one array). */
const loadFields = async (trx: Db, section: string, items: readonly string[]): Promise<SectionFields> => {
  if (items.length === 0) return new Map();
  const rows = await trx
    .selectFrom('rm_admin_history_state')
    .select(['item', 'field', 'value'])
    .where('section', '=', section)
    .where(sql<boolean>`item = any(${[...items]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [fieldKey(r.item, r.field), r.value]));
};

/**
 * Writes the final value of every field the batch changed, once: the fields gone deleted in one
 * statement, the others upserted in chunks.
 */
const saveFields = async (
  trx: Db,
  state: ReadonlyMap<string, SectionFields>,
  changed: ReadonlyMap<string, Map<string, { item: string; field: string }>>,
): Promise<void> => {
  const gone: { section: string; item: string; field: string }[] = [];
  const kept: { section: string; item: string; field: string; value: string }[] = [];
  for (const [section, keys] of changed) {
    const fields = state.get(section);
    for (const [key, { item, field }] of keys) {
      const value = fields?.get(key);
      if (value === undefined) gone.push({ section, item, field });
      else kept.push({ section, item, field, value });
    }
  }
  if (gone.length > 0)
    await sql`delete from rm_admin_history_state s
      using unnest(${gone.map((g) => g.section)}::text[], ${gone.map((g) => g.item)}::text[],
                   ${gone.map((g) => g.field)}::text[]) as g(section, item, field)
      where s.section = g.section and s.item = g.item and s.field = g.field`.execute(trx);
  for (const chunk of chunksOf(kept, 4))
    await trx
      .insertInto('rm_admin_history_state')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['section', 'item', 'field']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
};

const rowOf = (e: RecordedEvent, kind: 'changes' | 'sessions', actor: string) => ({
  position: e.globalPosition,
  kind,
  recorded_at: new Date(e.recordedAt),
  actor,
  event_type: e.type,
});

/**
 * Puts an item's fields in field order, so its removal lists them so: the same order whether they were
 * loaded (in no set order) or folded earlier in the batch.
 */
const inFieldOrder = (fields: SectionFields, item: string): void => {
  const prefix = fieldKey(item, '');
  const keys = [...fields.keys()].filter((k) => k.startsWith(prefix)).sort();
  for (const key of keys) {
    const value = fields.get(key) ?? '';
    fields.delete(key);
    fields.set(key, value);
  }
};

type Planned =
  | { e: RecordedEvent; session: NonNullable<ReturnType<typeof sessionRowOf>> }
  | { e: RecordedEvent; section: string; ops: ReturnType<typeof opsOf> };

/** Each event's part: a session's row, or an admin section's ops (the rest are not the history's). */
const planOf = (events: readonly RecordedEvent[]): Planned[] =>
  events.flatMap((e): Planned[] => {
    if (sessionTypes.has(e.type)) {
      const session = sessionRowOf(e.type, e.data);
      return session ? [{ e, session }] : [];
    }
    const section = adminSectionOf(e.streamId);
    return section === null ? [] : [{ e, section, ops: opsOf(section, e.type, e.data) }];
  });

/**
 * Folds `events` (in log order) into the history: the state of every item they name read once per
 * section, the ops folded in memory by `foldOps` as one event at a time would, then the history rows
 * inserted in chunks and each changed field's final value written once. Folding a batch this way and
 * folding its events one by one give the same rows (docs/architecture.md, "Admin history").
 */
export const foldHistory = async (events: readonly RecordedEvent[], trx: Db): Promise<void> => {
  const planned = planOf(events);
  if (planned.length === 0) return;
  const wanted = new Map<string, Set<string>>();
  for (const p of planned) {
    if (!('section' in p)) continue;
    const items = wanted.get(p.section) ?? new Set<string>();
    for (const item of itemsOf(p.ops)) items.add(item);
    wanted.set(p.section, items);
  }
  const state = new Map<string, SectionFields>();
  for (const [section, items] of wanted) state.set(section, await loadFields(trx, section, [...items]));

  const rows: HistoryRow[] = [];
  const changed = new Map<string, Map<string, { item: string; field: string }>>();
  for (const p of planned) {
    if (!('section' in p)) {
      const { actor, item, field, to } = p.session;
      rows.push({
        ...rowOf(p.e, 'sessions', actor),
        ord: 0,
        section: 'sessions',
        item,
        field,
        from_value: null,
        to_value: to,
      });
      continue;
    }
    const fields = state.get(p.section) ?? new Map<string, string>();
    for (const o of p.ops) if (o.op === 'remove') inFieldOrder(fields, o.item);
    const changes = foldOps(fields, p.ops);
    if (changes.length === 0) continue;
    const keys = changed.get(p.section) ?? new Map<string, { item: string; field: string }>();
    changed.set(p.section, keys);
    const base = rowOf(p.e, 'changes', actorOf(p.e.metadata));
    for (const [ord, c] of changes.entries()) {
      keys.set(fieldKey(c.item, c.field), { item: c.item, field: c.field });
      rows.push({
        ...base,
        ord,
        section: p.section,
        item: c.item,
        field: c.field,
        from_value: c.from,
        to_value: c.to,
      });
    }
  }
  await saveFields(trx, state, changed);
  for (const chunk of chunksOf(rows, 11)) await trx.insertInto('rm_admin_history').values(chunk).execute();
};
