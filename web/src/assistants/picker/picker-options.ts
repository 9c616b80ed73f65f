import { normaliseEmail, standardConversation, type AssistantDefinition } from '@app/contracts';

export interface PickerOption {
  /** The value sent as `options.assistantId` (the Standard Conversation's is 'chat'). */
  id: string;
  name: string;
  description: string;
}

export interface PickerGroup {
  label: string;
  options: PickerOption[];
}

const optionOf = (a: AssistantDefinition): PickerOption => ({
  id: a.assistantId,
  name: a.name,
  description: a.description,
});

const byName = (a: PickerOption, b: PickerOption) => a.name.localeCompare(b.name);

/** One entry per assistant (an assistant listed under several groups is offered once). */
const distinct = (assistants: readonly AssistantDefinition[]): AssistantDefinition[] => {
  const byId = new Map<string, AssistantDefinition>();
  for (const a of assistants) if (!byId.has(a.assistantId)) byId.set(a.assistantId, a);
  return [...byId.values()];
};

/**
 * The assistant picker's choices: the Standard Conversation first ('No assistant will be used.'),
 * then the built-ins, the user's own assistants and those shared with them, each by name. An
 * assistant opened at its path that is not listed is offered among the shared ones.
 */
export const pickerGroups = (
  assistants: readonly AssistantDefinition[],
  me: string,
  opened: AssistantDefinition | null,
): PickerGroup[] => {
  const all = distinct(opened ? [...assistants, opened] : assistants);
  const mine = normaliseEmail(me);
  const builtIn = all
    .filter((a) => a.builtIn)
    .map(optionOf)
    .sort(byName);
  const own = all
    .filter((a) => !a.builtIn && normaliseEmail(a.owner) === mine)
    .map(optionOf)
    .sort(byName);
  const shared = all
    .filter((a) => !a.builtIn && normaliseEmail(a.owner) !== mine)
    .map(optionOf)
    .sort(byName);
  const groups: PickerGroup[] = [{ label: '', options: [{ ...standardConversation }] }];
  if (builtIn.length > 0) groups.push({ label: 'Built-in assistants', options: builtIn });
  if (own.length > 0) groups.push({ label: 'My assistants', options: own });
  if (shared.length > 0) groups.push({ label: 'Shared with me', options: shared });
  return groups;
};

/** The user's own assistants, the ones they may edit, publish and delete. */
export const ownAssistants = (
  assistants: readonly AssistantDefinition[],
  me: string,
): AssistantDefinition[] =>
  distinct(assistants)
    .filter((a) => !a.builtIn && normaliseEmail(a.owner) === normaliseEmail(me))
    .sort((a, b) => a.name.localeCompare(b.name));

/** The option a choice shows; the Standard Conversation when the choice is gone from the list. */
export const shownOption = (groups: readonly PickerGroup[], choice: string): PickerOption =>
  groups.flatMap((g) => g.options).find((o) => o.id === choice) ?? { ...standardConversation };

/** Addresses the user already gave access to: the suggestions of the publish form. */
export const knownEmailsOf = (assistants: readonly AssistantDefinition[]): string[] => [
  ...new Set(assistants.flatMap((a) => a.publication?.accessTo.users ?? []).map(normaliseEmail)),
];

/** Assistants of others, shared with the user and published at a path: their path is shown read-only. */
export const sharedPublished = (
  assistants: readonly AssistantDefinition[],
  me: string,
): AssistantDefinition[] =>
  distinct(assistants)
    .filter((a) => !a.builtIn && a.publication !== null && normaliseEmail(a.owner) !== normaliseEmail(me))
    .sort((a, b) => a.name.localeCompare(b.name));
