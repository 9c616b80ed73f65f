import { sql } from 'kysely';
import {
  revertMessages,
  sectionTypes,
  type SectionData,
  type SectionMeta,
  type SectionType,
} from '@app/contracts';
import { DomainError, type Db, type NewEvent } from '@app/platform';
import { foldSettingAside } from '../shared/fold-setting-aside';
import { sectionDataOf, sectionFolds, sectionStreamId } from './section-folds';

/** The configuration as it was at a position of the log: every section's data, version and last change. */
export interface ConfigurationAt {
  position: string;
  data: SectionData;
  meta: Record<SectionType, SectionMeta>;
  /** Each section's state as its decider folded it (secrets sealed): what a revert starts from. */
  states: Record<SectionType, unknown>;
}

/**
 * The log position `at` names: a position as digits, else an ISO time (the last event recorded at or
 * before it; '0' before the first). A time to come, or text that is neither, is refused.
 */
export const positionAt = async (db: Db, at: string): Promise<string> => {
  if (/^\d{1,19}$/.test(at)) return at;
  const time = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(at) ? new Date(at) : null;
  if (!time || Number.isNaN(time.getTime())) throw new DomainError(revertMessages.badAt);
  if (time.getTime() > Date.now()) throw new DomainError(revertMessages.futureAt);
  const row = await db
    .selectFrom('events')
    .select(sql<string>`coalesce(max(global_position), 0)::text`.as('position'))
    // The log keeps microseconds: a time names everything up to the end of its millisecond.
    .where('recorded_at', '<', new Date(time.getTime() + 1))
    .executeTakeFirstOrThrow();
  return row.position;
};

/**
 * Every section folded from its stream's events up to `position` (never from the read models), as
 * GET /amplifymin/configs answers it: secrets masked, each section's version and last change then.
 */
export const configurationAt = async (db: Db, position: string): Promise<ConfigurationAt> => {
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'event_type', 'data', 'metadata', 'recorded_at'])
    .where(
      'stream_id',
      'in',
      sectionTypes.map((s) => sectionStreamId(s)),
    )
    .where('global_position', '<=', position)
    .orderBy('global_position')
    .execute();
  const data: Record<string, unknown> = {};
  const meta: Record<string, SectionMeta> = {};
  const states: Record<string, unknown> = {};
  for (const section of sectionTypes) {
    const mine = rows.filter((r) => r.stream_id === sectionStreamId(section));
    const events: NewEvent[] = mine.map((r) => ({ type: r.event_type, data: r.data }));
    const { state } = foldSettingAside(
      sectionFolds[section].decider,
      events,
      sectionFolds[section].decider.initialState(),
    );
    const last = mine.at(-1);
    states[section] = state;
    data[section] = sectionDataOf(section, state);
    meta[section] = last
      ? {
          version: mine.length,
          changedBy: (last.metadata as { actor?: { email?: string } }).actor?.email ?? null,
          changedAt: last.recorded_at.toISOString(),
        }
      : { version: 0, changedBy: null, changedAt: null };
  }
  return {
    position,
    data: data as SectionData,
    meta: meta,
    states: states,
  };
};
