import type { AssistantDefinition } from '@app/contracts';

/** The disclaimer shown before the user sends: the chosen assistant's, when it has one (null otherwise). */
export const shownDisclaimer = (assistant: Pick<AssistantDefinition, 'disclaimer'> | null): string | null => {
  const text = assistant?.disclaimer.trim() ?? '';
  return text === '' ? null : text;
};
