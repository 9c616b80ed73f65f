import { describe, expect, it } from 'vitest';
import {
  amplifyAssistantsGroup,
  assistantGroupLimits,
  assistantGroupMessages,
  mayUseGroupAssistants,
  type AssistantGroupEvent,
  type GroupAssistantRef,
} from '@app/contracts';
import { assistantGroupDecider } from '../../src/assistant-groups/group-decider';
import { DeciderSpecification } from './decider-spec';

const groupId = amplifyAssistantsGroup.groupId;
const given = DeciderSpecification.for(assistantGroupDecider(groupId));
const creator: GroupAssistantRef = { assistantId: 'astgp/creator', name: 'Assistant Creator', builtIn: true };
const copy: GroupAssistantRef = { assistantId: 'astp/copy', name: 'Copy', builtIn: false };

const created: AssistantGroupEvent = {
  type: 'AssistantGroupCreated',
  data: {
    groupId,
    groupName: 'Amplify Assistants',
    members: ['admin@example.com'],
    amplifyGroups: [],
    isPublic: false,
    supportConvAnalysis: false,
    trackCoversations: true,
    isAmplifyAssistants: true,
    assistants: [creator],
  },
};

describe('assistant group decider', () => {
  it('given no group, when the Amplify Assistants group is created from a built-in, then it has the spec flags', () => {
    given([])
      .when({
        type: 'CreateAmplifyAssistantsGroup',
        data: { members: ['admin@example.com'], assistants: [creator] },
      })
      .then([created]);
  });

  it('given no group, when it is created from no assistant, then the spec message', () => {
    given([])
      .when({ type: 'CreateAmplifyAssistantsGroup', data: { members: [], assistants: [] } })
      .thenThrows(assistantGroupMessages.selectAtLeastOne);
  });

  it('given the group, when it is created again, then it is refused', () => {
    given([created])
      .when({ type: 'CreateAmplifyAssistantsGroup', data: { members: [], assistants: [creator] } })
      .thenThrows(assistantGroupMessages.alreadyExists);
  });

  it('given the group, when a copy is added, then AssistantGroupAssistantAdded', () => {
    given([created])
      .when({ type: 'AddGroupAssistant', data: { assistant: copy } })
      .then([{ type: 'AssistantGroupAssistantAdded', data: { groupId, assistant: copy } }]);
  });

  it('given no group, when a copy is added, then it is refused', () => {
    given([])
      .when({ type: 'AddGroupAssistant', data: { assistant: copy } })
      .thenThrows(assistantGroupMessages.notFound(groupId));
  });

  it('given a full group, when one more is added, then it is refused', () => {
    const assistants = Array.from({ length: assistantGroupLimits.assistantsPerGroup }, () => copy);
    const full: AssistantGroupEvent = {
      type: 'AssistantGroupCreated',
      data: { ...created.data, assistants },
    };
    given([full])
      .when({ type: 'AddGroupAssistant', data: { assistant: copy } })
      .thenThrows(assistantGroupMessages.tooManyAssistants);
  });

  it('given the group, when made public, then the whole settings are recorded; the same again records nothing', () => {
    const changed: AssistantGroupEvent = {
      type: 'AssistantGroupSettingsChanged',
      data: { groupId, isPublic: true, supportConvAnalysis: false, amplifyGroups: [] },
    };
    given([created])
      .when({ type: 'ChangeGroupSettings', data: { isPublic: true } })
      .then([changed]);
    given([created, changed])
      .when({ type: 'ChangeGroupSettings', data: { isPublic: true } })
      .then([]);
  });

  it('given a key, when another is recorded, then the previous id is named', () => {
    const first: AssistantGroupEvent = {
      type: 'AssistantGroupKeyReplaced',
      data: { groupId, apiKeyId: 'k1', previousApiKeyId: null },
    };
    given([created])
      .when({ type: 'RecordGroupKey', data: { apiKeyId: 'k1' } })
      .then([first]);
    given([created, first])
      .when({ type: 'RecordGroupKey', data: { apiKeyId: 'k2' } })
      .then([
        { type: 'AssistantGroupKeyReplaced', data: { groupId, apiKeyId: 'k2', previousApiKeyId: 'k1' } },
      ]);
  });
});

describe('who may use a group assistant', () => {
  const group = {
    isAmplifyAssistants: false,
    isPublic: false,
    members: ['ann@example.com'],
    amplifyGroups: ['Team'],
  };
  it('members, members of its Amplify groups; everyone when public or the Amplify Assistants group', () => {
    expect(mayUseGroupAssistants(group, 'Ann@Example.com', [])).toBe(true);
    expect(mayUseGroupAssistants(group, 'bob@example.com', ['Team'])).toBe(true);
    expect(mayUseGroupAssistants(group, 'bob@example.com', ['Other'])).toBe(false);
    expect(mayUseGroupAssistants({ ...group, isPublic: true }, 'bob@example.com', [])).toBe(true);
    expect(mayUseGroupAssistants({ ...group, isAmplifyAssistants: true }, 'bob@example.com', [])).toBe(true);
  });
});
