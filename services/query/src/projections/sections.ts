import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from './projection';
import { emptying } from './rows';

/**
 * Who an event names as its actor, or 'unknown' for one appended by hand without it: the section's
 * version must move with every event of its stream, or every later save of the card would conflict.
 */
const actorEmailOf = (metadata: unknown): string => {
  const actor: unknown =
    typeof metadata === 'object' && metadata !== null && 'actor' in metadata ? metadata.actor : null;
  return typeof actor === 'object' && actor !== null && 'email' in actor && typeof actor.email === 'string'
    ? actor.email
    : 'unknown';
};

/** Every `config-<section>` stream: the version the dialog loads, who changed the section last and when. */
export const sectionsProjection: Projection = {
  name: 'sections',
  readModel: null,
  handles: 'all',
  apply: async (e: RecordedEvent, trx: Db) => {
    if (!e.streamId.startsWith('config-')) return [];
    const row = {
      version: e.streamVersion,
      changed_by: actorEmailOf(e.metadata),
      changed_at: new Date(e.recordedAt),
      position: e.globalPosition,
    };
    await trx
      .insertInto('rm_sections')
      .values({ section: e.streamId.slice('config-'.length), ...row })
      .onConflict((oc) => oc.column('section').doUpdateSet(row))
      .execute();
    return [];
  },
  reset: emptying('rm_sections'),
};
