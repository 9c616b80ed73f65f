import { mcpChatMessages, type ToolCallEvent, type ToolCallOutcome } from '@app/contracts';
import { DomainError } from '@app/platform/errors';
import { assertNever, type Decider } from '../shared/decider';

/** One call of an MCP tool in a chat request, as the log names it. */
export interface ToolCallRef {
  requestId: string;
  callId: string;
  serverId: string;
  serverName: string;
  tool: string;
}

type CallState = 'asked' | 'approved' | 'denied' | 'called';

/** A request's tool calls (`chat-tools-<requestId>`), by call id. */
export interface ToolCallsState {
  calls: Record<string, { ref: ToolCallRef; state: CallState }>;
}

export type ToolCallsCommand =
  | { type: 'AskApproval'; ref: ToolCallRef }
  /** The request's owner answered (the route checked who asks). */
  | { type: 'AnswerApproval'; requestId: string; callId: string; allow: boolean }
  /** Nobody answered in time: denied. */
  | { type: 'ExpireApproval'; requestId: string; callId: string }
  | { type: 'RecordCall'; ref: ToolCallRef; durationMs: number; outcome: ToolCallOutcome };

const asked = (state: ToolCallsState, callId: string): ToolCallRef => {
  const call = Object.hasOwn(state.calls, callId) ? state.calls[callId] : undefined;
  if (!call) throw new DomainError(mcpChatMessages.approvalNotFound);
  if (call.state !== 'asked') throw new DomainError(mcpChatMessages.approvalGone);
  return call.ref;
};

const withCall = (state: ToolCallsState, ref: ToolCallRef, to: CallState): ToolCallsState => ({
  calls: { ...state.calls, [ref.callId]: { ref, state: to } },
});

/**
 * The answers to calls that ask first: one answer per question, only while it waits; a call that
 * ran is recorded once it ended (its duration and outcome, never its arguments nor its result).
 */
export const toolCallsDecider: Decider<ToolCallsState, ToolCallsCommand, ToolCallEvent> = {
  initialState: () => ({ calls: {} }),

  decide: (command, state) => {
    switch (command.type) {
      case 'AskApproval':
        if (Object.hasOwn(state.calls, command.ref.callId))
          throw new DomainError(mcpChatMessages.approvalGone);
        return [{ type: 'ToolApprovalAsked', data: command.ref }];
      case 'AnswerApproval': {
        const ref = asked(state, command.callId);
        return [{ type: command.allow ? 'ToolCallApproved' : 'ToolCallDenied', data: ref }];
      }
      case 'ExpireApproval':
        return [{ type: 'ToolCallDenied', data: { ...asked(state, command.callId), expired: true } }];
      case 'RecordCall':
        return [
          {
            type: 'ToolCalled',
            data: { ...command.ref, durationMs: command.durationMs, outcome: command.outcome },
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve: (state, event) => {
    const { callId, requestId, serverId, serverName, tool } = event.data;
    const ref = { callId, requestId, serverId, serverName, tool };
    switch (event.type) {
      case 'ToolApprovalAsked':
        return withCall(state, ref, 'asked');
      case 'ToolCallApproved':
        return withCall(state, ref, 'approved');
      case 'ToolCallDenied':
        return withCall(state, ref, 'denied');
      case 'ToolCalled':
        return withCall(state, ref, 'called');
      default:
        return assertNever(event);
    }
  },
};

/** What the owner answered a question, once answered: 'approved' or 'denied' (else undefined). */
export const answerOf = (state: ToolCallsState, callId: string): 'approved' | 'denied' | undefined => {
  const s = Object.hasOwn(state.calls, callId) ? state.calls[callId]?.state : undefined;
  return s === 'approved' || s === 'denied' ? s : s === 'called' ? 'approved' : undefined;
};
