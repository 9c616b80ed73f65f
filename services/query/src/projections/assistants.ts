import {
  assertNever,
  assistantDefinition,
  assistantEventTypes,
  type AssistantDefinition,
  type AssistantEvent,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';

const definitionIn = async (trx: Db, assistantId: string): Promise<AssistantDefinition | null> => {
  const row = await trx
    .selectFrom('rm_assistants')
    .select('definition')
    .where('assistant_id', '=', assistantId)
    .executeTakeFirst();
  return row ? (row.definition as AssistantDefinition) : null;
};

const write = async (trx: Db, d: AssistantDefinition) => {
  const row = {
    version_id: d.id,
    version: d.version,
    owner: d.owner,
    group_id: d.groupId,
    name: d.name,
    ast_path: d.astPath,
    is_public: d.publication?.isPublic ?? false,
    definition: JSON.stringify(d),
    created_at: new Date(d.createdAt),
    updated_at: new Date(d.updatedAt),
  };
  await trx
    .insertInto('rm_assistants')
    .values({ assistant_id: d.assistantId, ...row })
    .onConflict((oc) => oc.column('assistant_id').doUpdateSet(row))
    .execute();
};

/**
 * The assistants (read model `rm_assistants`, read by GET /assistant/list): one row per assistant
 * with its latest version's definition and where it is published; a deleted assistant has no row.
 * Who holds a path is decided on the path's stream, not here.
 */
export const assistantsProjection = tableProjection<AssistantEvent>(
  { name: 'assistants', readModel: null },
  ['rm_assistants'],
  {
    eventTypes: assistantEventTypes,
    apply: async (event, _recorded, trx) => {
      const { assistantId } = event.data;
      switch (event.type) {
        case 'AssistantCreated':
          await write(trx, assistantDefinition(event.data, event.data.at, null));
          break;
        case 'AssistantVersionCreated': {
          const before = await definitionIn(trx, assistantId);
          if (before) await write(trx, assistantDefinition(event.data, before.createdAt, before.publication));
          break;
        }
        case 'AssistantDeleted':
          await trx.deleteFrom('rm_assistants').where('assistant_id', '=', assistantId).execute();
          break;
        case 'AssistantPathPublished': {
          const before = await definitionIn(trx, assistantId);
          const { astPath, isPublic, accessTo } = event.data;
          const publication = { astPath, isPublic, accessTo };
          if (before) await write(trx, { ...before, astPath, publication });
          break;
        }
        case 'AssistantWebsitesRescanned':
          return [];
        default:
          return assertNever(event);
      }
      return [assistantId];
    },
  },
);
