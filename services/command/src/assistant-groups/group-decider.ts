import {
  amplifyAssistantsGroup,
  assistantGroupLimits,
  assistantGroupMessages,
  type AssistantGroupEvent,
  type GroupAssistantRef,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** One assistant admin group as its stream folds it (null before it is created). */
export interface AssistantGroup {
  groupId: string;
  groupName: string;
  members: string[];
  amplifyGroups: string[];
  isPublic: boolean;
  supportConvAnalysis: boolean;
  trackCoversations: boolean;
  isAmplifyAssistants: boolean;
  assistants: GroupAssistantRef[];
  apiKeyId: string | null;
}

export interface AssistantGroupState {
  group: AssistantGroup | null;
}

export type AssistantGroupCommand =
  | { type: 'CreateAmplifyAssistantsGroup'; data: { members: string[]; assistants: GroupAssistantRef[] } }
  | { type: 'AddGroupAssistant'; data: { assistant: GroupAssistantRef } }
  | {
      type: 'ChangeGroupSettings';
      data: { isPublic?: boolean; supportConvAnalysis?: boolean; amplifyGroups?: string[] };
    }
  | { type: 'RecordGroupKey'; data: { apiKeyId: string } };

const existing = (state: AssistantGroupState, groupId: string): AssistantGroup => {
  if (!state.group) throw new DomainError(assistantGroupMessages.notFound(groupId));
  return state.group;
};

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * One assistant admin group (stream `assistantGroup-<groupId>`). The Amplify Assistants group is
 * created once (its stream is appended at 'no stream', so two concurrent creations cannot both
 * pass), from at least one built-in assistant, with fixed flags (isPublic false,
 * supportConvAnalysis false, trackCoversations true). Assistants are added (copies), flags changed,
 * its system API key replaced (the key's id only).
 */
export const assistantGroupDecider = (
  groupId: string,
): Decider<AssistantGroupState, AssistantGroupCommand, AssistantGroupEvent> => ({
  initialState: () => ({ group: null }),

  decide: (command, state) => {
    switch (command.type) {
      case 'CreateAmplifyAssistantsGroup': {
        if (state.group) throw new DomainError(assistantGroupMessages.alreadyExists);
        if (command.data.assistants.length === 0)
          throw new DomainError(assistantGroupMessages.selectAtLeastOne);
        return [
          {
            type: 'AssistantGroupCreated',
            data: {
              groupId,
              groupName: amplifyAssistantsGroup.groupName,
              members: command.data.members,
              amplifyGroups: [],
              isPublic: amplifyAssistantsGroup.isPublic,
              supportConvAnalysis: amplifyAssistantsGroup.supportConvAnalysis,
              trackCoversations: amplifyAssistantsGroup.trackCoversations,
              isAmplifyAssistants: true,
              assistants: command.data.assistants,
            },
          },
        ];
      }
      case 'AddGroupAssistant': {
        const group = existing(state, groupId);
        if (group.assistants.length >= assistantGroupLimits.assistantsPerGroup)
          throw new DomainError(assistantGroupMessages.tooManyAssistants);
        return [
          { type: 'AssistantGroupAssistantAdded', data: { groupId, assistant: command.data.assistant } },
        ];
      }
      case 'ChangeGroupSettings': {
        const group = existing(state, groupId);
        const next = {
          isPublic: command.data.isPublic ?? group.isPublic,
          supportConvAnalysis: command.data.supportConvAnalysis ?? group.supportConvAnalysis,
          amplifyGroups: command.data.amplifyGroups ?? group.amplifyGroups,
        };
        const unchanged =
          next.isPublic === group.isPublic &&
          next.supportConvAnalysis === group.supportConvAnalysis &&
          sameList(next.amplifyGroups, group.amplifyGroups);
        return unchanged ? [] : [{ type: 'AssistantGroupSettingsChanged', data: { groupId, ...next } }];
      }
      case 'RecordGroupKey': {
        const group = existing(state, groupId);
        return [
          {
            type: 'AssistantGroupKeyReplaced',
            data: { groupId, apiKeyId: command.data.apiKeyId, previousApiKeyId: group.apiKeyId },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'AssistantGroupCreated': {
        const d = event.data;
        return {
          group: {
            groupId: d.groupId,
            groupName: d.groupName,
            members: d.members,
            amplifyGroups: d.amplifyGroups,
            isPublic: d.isPublic,
            supportConvAnalysis: d.supportConvAnalysis,
            trackCoversations: d.trackCoversations,
            isAmplifyAssistants: d.isAmplifyAssistants,
            assistants: d.assistants,
            apiKeyId: null,
          },
        };
      }
      case 'AssistantGroupAssistantAdded':
        return state.group
          ? { group: { ...state.group, assistants: [...state.group.assistants, event.data.assistant] } }
          : state;
      case 'AssistantGroupSettingsChanged':
        return state.group
          ? {
              group: {
                ...state.group,
                isPublic: event.data.isPublic,
                supportConvAnalysis: event.data.supportConvAnalysis,
                amplifyGroups: event.data.amplifyGroups,
              },
            }
          : state;
      case 'AssistantGroupKeyReplaced':
        return state.group ? { group: { ...state.group, apiKeyId: event.data.apiKeyId } } : state;
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot<AssistantGroupState>(
    'assistantGroup/1',
    (json) => isPlainObject(json) && 'group' in json,
  ),
});
