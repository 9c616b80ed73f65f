import {
  amplifyGroupsStreamId,
  assistantPathPublishingFlag,
  featureFlagsStreamId,
  isFlagOnFor,
  ownValue,
  assistantDefinition,
  assistantPathStreamId,
  assistantStreamId,
  assistantUuid,
  builtInAssistantById,
  builtInAssistants,
  groupsOf,
  type AssistantCaller,
  type AssistantDefinition,
  type BuiltInAssistant,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { amplifyGroupsDecider, featureFlagsDecider } from '../configurations/index';
import { loadState } from '../shared/stream-state';
import { assistantDecider, type AssistantState } from './assistant-decider';
import { assistantPathDecider } from './path-decider';

/**
 * What the assistant routes and the chat ask of assistant groups (the Assistant Admin Groups):
 * whether a user administers a group, and whether they may use its assistants. Without it a group
 * assistant is changed and used by its creator only.
 */
export interface AssistantGroupPorts {
  isGroupAdmin(db: Db, groupId: string, email: string): Promise<boolean>;
  /** The groups whose assistants `email` may use (a member, or the group is public). */
  usableGroups(db: Db, email: string): Promise<ReadonlySet<string>>;
}

/** A built-in as a definition (read only, usable by everyone). */
export const builtInDefinition = (b: BuiltInAssistant): AssistantDefinition => ({
  id: b.id,
  assistantId: b.assistantId,
  version: b.version,
  provider: b.provider,
  name: b.name,
  description: b.description,
  instructions: b.instructions,
  disclaimer: b.disclaimer,
  dataSources: [],
  tags: [...b.tags],
  fileKeys: [],
  tools: [],
  owner: 'system',
  createdBy: 'system',
  groupId: b.groupId,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
  data: {
    ...b.data,
    tags: [...b.data.tags],
    conversationTags: [...b.data.conversationTags],
    apiCapabilities: [...b.data.apiCapabilities],
  },
  astPath: null,
  publication: null,
  builtIn: true,
});

export const builtInDefinitions = (): AssistantDefinition[] => builtInAssistants.map(builtInDefinition);

/** The definition an assistant's stream state gives (null: unknown or deleted). */
export const definitionOf = (state: AssistantState): AssistantDefinition | null =>
  state.current && !state.deleted
    ? assistantDefinition(state.current, state.createdAt ?? state.current.at, state.publication)
    : null;

/** An assistant's stream as it is now (its version to append at, and its state). */
export const loadAssistantState = (db: Db, assistantId: string) =>
  loadState(db, assistantDecider, assistantStreamId(assistantUuid(assistantId)));

/**
 * The assistant `assistantId` names, from the log: a built-in (`astgp/`, `astg/`), or the latest
 * version of one of ours (`astp/`; a version id `ast/` is not resolved: the chat names the assistant).
 */
export const loadAssistant = async (db: Db, assistantId: string): Promise<AssistantDefinition | null> => {
  const builtIn = builtInAssistantById(assistantId);
  if (builtIn) return builtInDefinition(builtIn);
  if (!assistantId.startsWith('astp/')) return null;
  return definitionOf((await loadAssistantState(db, assistantId)).state);
};

/** The assistant holding `astPath` (lower case), from its stream. */
export const pathHolder = async (db: Db, astPath: string): Promise<string | null> =>
  (await loadState(db, assistantPathDecider, assistantPathStreamId(astPath))).state.holder;

/** The caller as access is decided: their Amplify groups (inclusions resolved) and assistant groups. */
export const assistantCallerOf = async (
  db: Db,
  email: string,
  groups?: AssistantGroupPorts,
): Promise<AssistantCaller> => {
  const amplify = (await loadState(db, amplifyGroupsDecider, amplifyGroupsStreamId)).state;
  const usable = groups ? await groups.usableGroups(db, email) : undefined;
  return {
    email,
    amplifyGroups: groupsOf(amplify, email),
    ...(usable ? { groupAccess: (groupId: string) => usable.has(groupId) } : {}),
  };
};

/** Whether publishing at a path is on for `email` (the flag `assistantPathPublishing`; absent: off). */
export const publishingOnFor = async (db: Db, caller: AssistantCaller): Promise<boolean> => {
  const flags = (await loadState(db, featureFlagsDecider, featureFlagsStreamId)).state;
  const flag = ownValue(flags, assistantPathPublishingFlag);
  return flag !== undefined && isFlagOnFor(flag, caller.email, caller.amplifyGroups);
};
