import type { AssistantDefinition, AssistantPublication } from './assistant';
import type { AssistantVersionData } from './events';

/**
 * An assistant's definition as read back: its latest version, when it was first made, and where it
 * is published. Pure: the command side (folding the stream) and the `assistants` projection build
 * it the same way.
 */
export const assistantDefinition = (
  current: AssistantVersionData,
  createdAt: string,
  publication: AssistantPublication | null,
): AssistantDefinition => ({
  id: current.id,
  assistantId: current.assistantId,
  version: current.version,
  provider: current.provider,
  name: current.name,
  description: current.description,
  instructions: current.instructions,
  disclaimer: current.disclaimer,
  dataSources: current.dataSources,
  tags: current.tags,
  fileKeys: current.fileKeys,
  tools: current.tools,
  owner: current.owner,
  createdBy: current.createdBy,
  groupId: current.groupId,
  createdAt,
  updatedAt: current.at,
  data: current.data,
  astPath: publication?.astPath ?? null,
  publication,
  builtIn: false,
});
