import {
  assistantLimits,
  assistantMessages,
  dataSourceKey,
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
