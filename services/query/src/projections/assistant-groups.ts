import { assertNever, assistantGroupEventTypes, type AssistantGroupEvent } from '@app/contracts';
import type { Db } from '@app/platform';
import { tableProjection } from './projection';
import { type RowChange } from './rows';

/** Changes one group's row; answers its id. */
const updateGroup = async (trx: Db, groupId: string, change: RowChange<'rm_assistant_groups'>) => {
  await trx.updateTable('rm_assistant_groups').set(change).where('group_id', '=', groupId).execute();
  return [groupId];
};

/**
 * The Assistant Admin Groups table (`rm_assistant_groups`): one row per group, its flags, members,
 * Amplify groups, assistants and the id of its current system API key (never the key). Not pushed
 * over /live: the Feature Data tab reads the list again after each change.
 */
export const assistantGroupsProjection = tableProjection<AssistantGroupEvent>(
  { name: 'assistantGroups', readModel: null },
  ['rm_assistant_groups'],
  {
    eventTypes: assistantGroupEventTypes,
    apply: async (event, recorded, trx) => {
      const groupId = event.data.groupId;
      switch (event.type) {
        case 'AssistantGroupCreated': {
          const d = event.data;
          await trx
            .insertInto('rm_assistant_groups')
            .values({
              group_id: groupId,
              group_name: d.groupName,
              created_by: recorded.metadata.actor.email,
              created_at: new Date(recorded.recordedAt),
              is_amplify_assistants: d.isAmplifyAssistants,
              is_public: d.isPublic,
              support_conv_analysis: d.supportConvAnalysis,
              track_conversations: d.trackCoversations,
              members: JSON.stringify(d.members),
              amplify_groups: JSON.stringify(d.amplifyGroups),
              assistants: JSON.stringify(d.assistants),
            })
            .onConflict((oc) => oc.column('group_id').doNothing())
            .execute();
          return [groupId];
        }
        case 'AssistantGroupAssistantAdded': {
          const row = await trx
            .selectFrom('rm_assistant_groups')
            .select('assistants')
            .where('group_id', '=', groupId)
            .executeTakeFirst();
          if (!row) return [];
          const assistants = [
            ...row.assistants.filter((a) => a.assistantId !== event.data.assistant.assistantId),
            event.data.assistant,
          ];
          return updateGroup(trx, groupId, { assistants: JSON.stringify(assistants) });
        }
        case 'AssistantGroupSettingsChanged':
          return updateGroup(trx, groupId, {
            is_public: event.data.isPublic,
            support_conv_analysis: event.data.supportConvAnalysis,
            amplify_groups: JSON.stringify(event.data.amplifyGroups),
          });
        case 'AssistantGroupKeyReplaced':
          return updateGroup(trx, groupId, { api_key_id: event.data.apiKeyId });
        default:
          return assertNever(event);
      }
    },
  },
);
