import type { AssistantGroupView } from '@app/contracts';
import type { Db } from '@app/platform';

/** Every assistant admin group, the Amplify Assistants group first, then by name. */
export const readAssistantGroups = async (db: Db): Promise<AssistantGroupView[]> => {
  const rows = await db
    .selectFrom('rm_assistant_groups')
    .selectAll()
    .orderBy('is_amplify_assistants', 'desc')
    .orderBy('group_name')
    .execute();
  return rows.map((r) => ({
    group_id: r.group_id,
    groupName: r.group_name,
    amplifyGroups: r.amplify_groups,
    createdBy: r.created_by,
    isPublic: r.is_public,
    numOfAssistants: r.assistants.length,
    supportConvAnalysis: r.support_conv_analysis,
    trackCoversations: r.track_conversations,
    members: r.members,
    assistants: r.assistants,
    apiKeyId: r.api_key_id,
    isAmplifyAssistants: r.is_amplify_assistants,
  }));
};
