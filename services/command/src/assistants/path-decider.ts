import { assistantPathMessages, type AssistantPathEvent } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, isPlainObject, plainSnapshot, type Decider } from '../shared/decider';

/** A path's stream (`assistantPath-<path>`): the assistant holding it, when one does. */
export interface AssistantPathState {
  holder: string | null;
}

export type AssistantPathCommand =
  | { type: 'ClaimAssistantPath'; data: { astPath: string; assistantId: string } }
  | { type: 'ReleaseAssistantPath'; data: { astPath: string; assistantId: string } };

/**
 * One path, held by one assistant at a time. A claim is appended at the version it was decided
 * on, so of two concurrent claims of a free path one commits and the other is refused (the
 * append's version check): a path is never given twice.
 */
export const assistantPathDecider: Decider<AssistantPathState, AssistantPathCommand, AssistantPathEvent> = {
  initialState: () => ({ holder: null }),

  decide: (command, state) => {
    switch (command.type) {
      case 'ClaimAssistantPath':
        if (state.holder === command.data.assistantId) return [];
        if (state.holder !== null) throw new DomainError(assistantPathMessages.taken);
        return [{ type: 'AssistantPathClaimed', data: command.data }];
      case 'ReleaseAssistantPath':
        return state.holder === command.data.assistantId
          ? [{ type: 'AssistantPathReleased', data: command.data }]
          : [];
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'AssistantPathClaimed':
        return { holder: event.data.assistantId };
      case 'AssistantPathReleased':
        return state.holder === event.data.assistantId ? { holder: null } : state;
      default:
        return assertNever(event);
    }
  },

  snapshot: plainSnapshot('assistantPath/1', (j) => isPlainObject(j) && 'holder' in j),
};
