import type { RecordedEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import type { Projection } from './projection';

/** Every `config-<section>` stream: the version the dialog loads, who changed the section last and when. */
export const sectionsProjection: Projection = {
  name: 'sections',
  readModel: null,
  handles: 'all',
  apply: async (e: RecordedEvent, trx: Db) => {
    if (!e.streamId.startsWith('config-')) return [];
    const row = {
      version: e.streamVersion,
      changed_by: e.metadata.actor.email,
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
  reset: async (trx) => {
    await trx.deleteFrom('rm_sections').execute();
  },
};
