import { canUseAssistant, dataSourceKey, type AssistantDefinition, type AssistantTool } from '@app/contracts';
import type { Db } from '@app/platform';
import { groupAssistantAccess } from '../assistant-groups/index';
import { assistantCallerOf, loadAssistant } from '../assistants/index';
import type { GenerationRequest } from './generation-request';

/**
 * The assistant a chat request names (`options.assistantId`), as the relay applies it: its
 * instructions after the system prompt, its documents (its owner's files, retrieved for whoever may
 * use it), its tools (ops, turned into AI SDK tools by tool-ops.ts).
 */
export interface ResolvedAssistant {
  assistantId: string;
  /** The version used (`ast/...`). */
  id: string;
  name: string;
  owner: string;
  instructions: string;
  tools: AssistantTool[];
  /** The MCP servers whose tools it offers (each only to users it is open to). */
  mcpServers: string[];
  /** Its documents' file keys (fileKeys and dataSources): files of `owner` only are retrieved. */
  documentKeys: string[];
}

/** Whether `email` may use the assistants of group `groupId` (the Assistant Admin Groups). */
export type GroupAccess = (db: Db, groupId: string, email: string) => Promise<boolean>;

/** An assistant's documents, as retrieval is given them: the owner's files among `keys` only. */
export interface AssistantDocuments {
  owner: string;
  keys: readonly string[];
}

const resolvedOf = (a: AssistantDefinition): ResolvedAssistant => ({
  assistantId: a.assistantId,
  id: a.id,
  name: a.name,
  owner: a.owner,
  instructions: a.instructions,
  tools: a.tools,
  mcpServers: a.data.mcpServers ?? [],
  documentKeys: [...new Set([...a.fileKeys, ...a.dataSources.map(dataSourceKey)])],
});

/** The assistant `assistantId` as `email` may use it: 'refused' when unknown, deleted or not theirs to use. */
export const assistantForChat = async (
  db: Db,
  assistantId: string,
  email: string,
  groupAccess: GroupAccess = groupAssistantAccess,
): Promise<ResolvedAssistant | 'refused'> => {
  const assistant = await loadAssistant(db, assistantId);
  if (!assistant) return 'refused';
  // Only this assistant's group is asked about (its members, or everyone when it is public).
  const { groupId } = assistant;
  const inGroup = groupId !== null && (await groupAccess(db, groupId, email));
  const caller = {
    ...(await assistantCallerOf(db, email)),
    groupAccess: (g: string) => inGroup && g === groupId,
  };
  return canUseAssistant(assistant, caller) ? resolvedOf(assistant) : 'refused';
};

/** The request with the assistant's instructions after the system prompt (the request's, then the model's). */
export const withAssistantInstructions = (
  asked: GenerationRequest,
  assistant: ResolvedAssistant | null | undefined,
): GenerationRequest => {
  const instructions = assistant?.instructions.trim() ?? '';
  if (instructions === '') return asked;
  return { ...asked, system: asked.system ? `${asked.system}\n\n${instructions}` : instructions };
};

/** The assistant's documents for retrieval (undefined: none). */
export const assistantDocumentsOf = (resolved: {
  assistant?: ResolvedAssistant | null;
}): AssistantDocuments | undefined =>
  resolved.assistant && resolved.assistant.documentKeys.length > 0
    ? { owner: resolved.assistant.owner, keys: resolved.assistant.documentKeys }
    : undefined;
