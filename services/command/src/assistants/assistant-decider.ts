import {
  assistantMessages,
  type AssistantEvent,
  type AssistantPublication,
  type AssistantVersionData,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** An assistant's stream (`assistant-<uuid>`): its latest version, where it is published, whether deleted. */
export interface AssistantState {
  current: AssistantVersionData | null;
  /** When the first version was made. */
  createdAt: string | null;
  publication: AssistantPublication | null;
  deleted: boolean;
}

/**
 * Who is acting, as the handler found out before deciding: their email, and whether they admin
 * the assistant's group (only asked for a group assistant).
 */
export interface AssistantActor {
  email: string;
  groupAdmin: boolean;
}

export type AssistantCommand =
  | { type: 'CreateAssistant'; data: AssistantVersionData }
  | {
      type: 'CreateAssistantVersion';
      actor: AssistantActor;
      data: Omit<AssistantVersionData, 'assistantId' | 'version' | 'owner' | 'createdBy' | 'groupId'>;
    }
  | { type: 'DeleteAssistant'; actor: AssistantActor }
  | { type: 'PublishAssistantPath'; actor: AssistantActor; data: AssistantPublication }
  | { type: 'RescanAssistantWebsites'; actor: AssistantActor; data: { keys: string[]; force: boolean } };

/** The assistant, when it exists and the actor may change it: its owner, or an admin of its group. */
const changeable = (state: AssistantState, actor: AssistantActor): AssistantVersionData => {
  const current = state.current;
  if (!current || state.deleted) throw new DomainError(assistantMessages.notFound);
  if (current.groupId !== null) {
    if (!actor.groupAdmin && actor.email !== current.owner)
      throw new DomainError(assistantMessages.notGroupAdmin);
  } else if (actor.email !== current.owner) throw new DomainError(assistantMessages.notOwner);
  return current;
};

export const assistantDecider: Decider<AssistantState, AssistantCommand, AssistantEvent> = {
  initialState: () => ({ current: null, createdAt: null, publication: null, deleted: false }),

  decide: (command, state) => {
    switch (command.type) {
      case 'CreateAssistant':
        if (state.current !== null) throw new DomainError(assistantMessages.notFound);
        return [{ type: 'AssistantCreated', data: command.data }];
      case 'CreateAssistantVersion': {
        const current = changeable(state, command.actor);
        return [
          {
            type: 'AssistantVersionCreated',
            data: {
              ...command.data,
              assistantId: current.assistantId,
              version: current.version + 1,
              owner: current.owner,
              createdBy: command.actor.email,
              groupId: current.groupId,
            },
          },
        ];
      }
      case 'DeleteAssistant': {
        const current = changeable(state, command.actor);
        return [
          {
            type: 'AssistantDeleted',
            data: {
              assistantId: current.assistantId,
              by: command.actor.email,
              astPath: state.publication?.astPath ?? null,
            },
          },
        ];
      }
      case 'PublishAssistantPath': {
        const current = changeable(state, command.actor);
        // Spec section 6: a group assistant is never published to all users.
        if (current.groupId !== null && command.data.isPublic)
          throw new DomainError(assistantMessages.groupNoPublicPath);
        const previousPath = state.publication?.astPath ?? null;
        return [
          {
            type: 'AssistantPathPublished',
            data: {
              ...command.data,
              assistantId: current.assistantId,
              previousPath: previousPath === command.data.astPath ? null : previousPath,
              by: command.actor.email,
            },
          },
        ];
      }
      case 'RescanAssistantWebsites': {
        const current = changeable(state, command.actor);
        return [
          {
            type: 'AssistantWebsitesRescanned',
            data: { assistantId: current.assistantId, keys: command.data.keys, force: command.data.force },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'AssistantCreated':
        return { ...state, current: event.data, createdAt: event.data.at, deleted: false };
      case 'AssistantVersionCreated':
        return { ...state, current: event.data };
      case 'AssistantDeleted':
        return { ...state, deleted: true, publication: null };
      case 'AssistantPathPublished': {
        const { astPath, isPublic, accessTo } = event.data;
        return { ...state, publication: { astPath, isPublic, accessTo } };
      }
      case 'AssistantWebsitesRescanned':
        return state;
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot('assistant/1', (j) => isPlainObject(j) && 'current' in j && 'publication' in j),
};
