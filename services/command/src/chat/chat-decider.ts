import {
  chatMessages,
  type ChatEvent,
  type ChatRequestedData,
  type ChatStatus,
  type ChatStopReason,
  type ChatUsage,
  type SealedText,
} from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

/** One chat request's stream (`chat-<requestId>`): none, then requested, running, ended. */
export type ChatRequestState =
  | { status: 'none' }
  | { status: 'requested' | 'running'; requestId: string }
  | { status: 'ended'; requestId: string; how: 'completed' | 'stopped' | 'failed' };

export interface ChatEnding {
  usage: ChatUsage;
  durationMs: number;
  /** Only when the conversation is stored in the cloud: the answer sealed under its data key. */
  sealedAnswer?: SealedText;
}

export type ChatRequestCommand =
  /** Accepted: the request and the model's first status, in one append at 'no stream'. */
  | { type: 'RequestChat'; data: ChatRequestedData; status: ChatStatus }
  | { type: 'ChangeStatus'; status: ChatStatus }
  | { type: 'CompleteChat'; ending: ChatEnding }
  /** Stopped before the model finished: by its owner, its `max_tokens`, or what was reserved. */
  | { type: 'StopChat'; ending: ChatEnding; reason: ChatStopReason }
  | { type: 'FailChat'; ending: ChatEnding; message: string };

/** True while the request may still be stopped: requested or running, not ended. */
export const isRunning = (
  state: ChatRequestState,
): state is Extract<ChatRequestState, { status: 'requested' | 'running' }> =>
  state.status === 'requested' || state.status === 'running';

const running = (state: ChatRequestState): { requestId: string } => {
  // Not started, or ended already (a second end, a stop after the end): refused with the same words.
  if (!isRunning(state)) throw new DomainError(chatMessages.noSuchRequest);
  return state;
};

const ended = (requestId: string, e: ChatEnding) => ({
  requestId,
  usage: e.usage,
  durationMs: e.durationMs,
  ...(e.sealedAnswer === undefined ? {} : { sealedAnswer: e.sealedAnswer }),
});

export const chatRequestDecider: Decider<ChatRequestState, ChatRequestCommand, ChatEvent> = {
  initialState: () => ({ status: 'none' }),

  decide: (command, state) => {
    switch (command.type) {
      case 'RequestChat':
        if (state.status !== 'none') throw new DomainError(chatMessages.requestIdInUse);
        return [
          { type: 'ChatRequested', data: command.data },
          { type: 'ChatStatusChanged', data: { requestId: command.data.requestId, status: command.status } },
        ];
      case 'ChangeStatus': {
        const { requestId } = running(state);
        return [{ type: 'ChatStatusChanged', data: { requestId, status: command.status } }];
      }
      case 'CompleteChat':
        return [{ type: 'ChatCompleted', data: ended(running(state).requestId, command.ending) }];
      case 'StopChat':
        return [
          {
            type: 'ChatStopped',
            data: { ...ended(running(state).requestId, command.ending), reason: command.reason },
          },
        ];
      case 'FailChat':
        return [
          {
            type: 'ChatFailed',
            data: { ...ended(running(state).requestId, command.ending), message: command.message },
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'ChatRequested':
        return { status: 'requested', requestId: event.data.requestId };
      case 'ChatStatusChanged':
        return isRunning(state) ? { status: 'running', requestId: state.requestId } : state;
      case 'ChatCompleted':
        return { status: 'ended', requestId: event.data.requestId, how: 'completed' };
      case 'ChatStopped':
        return { status: 'ended', requestId: event.data.requestId, how: 'stopped' };
      case 'ChatFailed':
        return { status: 'ended', requestId: event.data.requestId, how: 'failed' };
      default:
        return assertNever(event);
    }
  },
};
