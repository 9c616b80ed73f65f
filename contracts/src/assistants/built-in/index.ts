import { apiDocHelper } from './api-doc-helper';
import { apiKeyManager } from './api-key-manager';
import { assistantCreator } from './assistant-creator';
import {
  builtInTags,
  type BuiltInAssistant,
  type BuiltInAssistantTemplate,
  type BuiltInTag,
} from './template';

export * from './template';
export { apiDocHelper, apiKeyManager, assistantCreator };

/** The three templates as written (two carry ids). */
export const builtInAssistantTemplates: readonly BuiltInAssistantTemplate[] = [
  assistantCreator,
  apiDocHelper,
  apiKeyManager,
];

/** The fixed ids of the template that comes without one, so every built-in can be chosen in chat. */
const apiDocHelperIds = {
  id: 'astg/9a7f3b21-5c4d-4e8f-b6a1-7c2e9d0f3b03',
  assistantId: 'astgp/9a7f3b21-5c4d-4e8f-b6a1-7c2e9d0f3b03',
} as const;

const withIds = (
  template: BuiltInAssistantTemplate,
  builtInTag: BuiltInTag,
  ids: { id: string; assistantId: string },
): BuiltInAssistant => ({ ...template, ...ids, builtInTag });

const idsOf = (template: BuiltInAssistantTemplate): { id: string; assistantId: string } => {
  if (template.id === undefined || template.assistantId === undefined) {
    throw new Error(`The built-in template ${template.name} carries no ids`);
  }
  return { id: template.id, assistantId: template.assistantId };
};

/** The built-ins as listed for every user and chosen in chat, each with its astg/ and astgp/ ids. */
export const builtInAssistants: readonly BuiltInAssistant[] = [
  withIds(assistantCreator, builtInTags.assistantBuilder, idsOf(assistantCreator)),
  withIds(apiDocHelper, builtInTags.apiDocHelper, apiDocHelperIds),
  withIds(apiKeyManager, builtInTags.apiKeyManager, idsOf(apiKeyManager)),
];

/** The built-in with this id (astg/) or assistantId (astgp/), if any. */
export const builtInAssistantById = (id: string): BuiltInAssistant | undefined =>
  builtInAssistants.find((a) => a.id === id || a.assistantId === id);
