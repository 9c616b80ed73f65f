import {
  assistantLimits,
  assistantMessages,
  dataSourceKey,
  type AssistantDataObject,
  type AssistantDefinition,
  type AssistantTool,
  type CreateAssistantInput,
  type DataSource,
} from '@app/contracts';

/** The create / edit dialog as edited. */
export interface AssistantDraft {
  /** Set when editing: the save makes a new version of this assistant. */
  assistantId: string | null;
  name: string;
  description: string;
  instructions: string;
  disclaimer: string;
  /** Documents from the user's files. */
  dataSources: DataSource[];
  /** As typed: comma-separated. */
  tagsText: string;
  /** Kept as they are (the ops listing fills them). */
  tools: AssistantTool[];
  /** The MCP servers whose tools it offers (`data.mcpServers`). */
  mcpServers: string[];
  /** The rest of its data object, kept as it was across versions. */
  data: AssistantDataObject | null;
  groupId: string | null;
}

export const emptyAssistantDraft = (): AssistantDraft => ({
  assistantId: null,
  name: '',
  description: '',
  instructions: '',
  disclaimer: '',
  dataSources: [],
  tagsText: '',
  tools: [],
  mcpServers: [],
  data: null,
  groupId: null,
});

/** An assistant's latest version, ready to edit. */
export const draftOfAssistant = (a: AssistantDefinition): AssistantDraft => ({
  assistantId: a.assistantId,
  name: a.name,
  description: a.description,
  instructions: a.instructions,
  disclaimer: a.disclaimer,
  dataSources: [...a.dataSources],
  tagsText: a.tags.join(', '),
  tools: [...a.tools],
  mcpServers: [...(a.data.mcpServers ?? [])],
  data: a.data,
  groupId: a.groupId,
});

/** Tags from the text: trimmed, blanks and repeats dropped, at most the contracts' number. */
export const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
  ),
];

/** The first thing that stops a save, in the contracts' words; null when it may be saved. */
export const draftProblem = (draft: AssistantDraft): string | null => {
  if (draft.name.trim() === '') return assistantMessages.nameRequired;
  if (parseTags(draft.tagsText).length > assistantLimits.tags)
    return `An assistant has at most ${assistantLimits.tags} tags.`;
  return null;
};

/** POST /assistant/create's body for the draft. */
export const createPayloadOf = (draft: AssistantDraft): CreateAssistantInput => ({
  ...(draft.assistantId !== null ? { assistantId: draft.assistantId } : {}),
  provider: 'amplify',
  name: draft.name.trim(),
  description: draft.description,
  instructions: draft.instructions,
  disclaimer: draft.disclaimer,
  dataSources: draft.dataSources,
  fileKeys: draft.dataSources.map(dataSourceKey),
  tags: parseTags(draft.tagsText),
  tools: draft.tools,
  data: { ...draft.data, provider: 'amplify', tags: parseTags(draft.tagsText), mcpServers: draft.mcpServers },
  ...(draft.groupId !== null ? { groupId: draft.groupId } : {}),
});

/** Adds or removes one of the user's documents. */
export const toggleDocument = (draft: AssistantDraft, source: DataSource): AssistantDraft => {
  const key = dataSourceKey(source);
  const has = draft.dataSources.some((d) => dataSourceKey(d) === key);
  return {
    ...draft,
    dataSources: has
      ? draft.dataSources.filter((d) => dataSourceKey(d) !== key)
      : [...draft.dataSources, source],
  };
};

export const hasDocument = (draft: AssistantDraft, source: DataSource): boolean =>
  draft.dataSources.some((d) => dataSourceKey(d) === dataSourceKey(source));
