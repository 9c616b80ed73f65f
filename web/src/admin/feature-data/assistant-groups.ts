import {
  assistantGroupMessages,
  type AssistantDefinition,
  type AssistantGroupView,
  type GroupAssistantInput,
} from '@app/contracts';

/** Whether the Amplify Assistants group exists (the green dot). */
export const amplifyGroupExists = (groups: readonly AssistantGroupView[]): boolean =>
  groups.some((g) => g.isAmplifyAssistants);

/** The create request from the built-ins ticked and the admins, or the contracts' message when none is. */
export const createRequestOf = (
  selected: ReadonlySet<string>,
  admins: readonly string[],
): { assistants: string[]; members: string[] } | { error: string } =>
  selected.size === 0
    ? { error: assistantGroupMessages.selectAtLeastOne }
    : { assistants: [...selected], members: [...admins] };

/** The assistants an admin may copy into a group: their own, not built-ins, not already a group's. */
export const copyableAssistants = (assistants: readonly AssistantDefinition[]): AssistantDefinition[] =>
  assistants.filter((a) => !a.builtIn && a.groupId === null);

/** The create payload of a copy of `a` (a new assistant: no id; the group is set by the route). */
export const copyPayloadOf = (a: AssistantDefinition): GroupAssistantInput['data'] => ({
  provider: a.provider === 'openai' ? 'openai' : 'amplify',
  name: a.name,
  description: a.description,
  instructions: a.instructions,
  disclaimer: a.disclaimer,
  dataSources: a.dataSources,
  tags: a.tags,
  fileKeys: a.fileKeys,
  tools: a.tools,
  data: a.data,
});
