import { describe, expect, it } from 'vitest';
import { mcpChatMessages, type ToolCallEvent } from '@app/contracts';
import { fold } from '../../src/shared/decider';
import { answerOf, toolCallsDecider } from '../../src/mcp/tool-calls-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(toolCallsDecider);

const ref = {
  requestId: 'r-1',
  callId: 'call-1',
  serverId: '7b0a5d4e-2f43-4c58-9d8a-3c1e2b4f5a6d',
  serverName: 'Weather',
  tool: 'forecast',
};
const askedEvent: ToolCallEvent = { type: 'ToolApprovalAsked', data: ref };
const answer = (allow: boolean) =>
  ({ type: 'AnswerApproval', requestId: 'r-1', callId: 'call-1', allow }) as const;

describe('tool calls decider: a question, one answer, a call recorded', () => {
  it('a call that asks first is asked once', () => {
    given([]).when({ type: 'AskApproval', ref }).then([askedEvent]);
    given([askedEvent]).when({ type: 'AskApproval', ref }).thenThrows(mcpChatMessages.approvalGone);
  });

  it("the owner's Allow or Deny answers a waiting question", () => {
    given([askedEvent])
      .when(answer(true))
      .then([{ type: 'ToolCallApproved', data: ref }]);
    given([askedEvent])
      .when(answer(false))
      .then([{ type: 'ToolCallDenied', data: ref }]);
  });

  it('no question, or one answered already: refused', () => {
    given([]).when(answer(true)).thenThrows(mcpChatMessages.approvalNotFound);
    given([askedEvent, { type: 'ToolCallDenied', data: ref }])
      .when(answer(true))
      .thenThrows(mcpChatMessages.approvalGone);
    given([askedEvent, { type: 'ToolCallApproved', data: ref }])
      .when({ type: 'ExpireApproval', requestId: 'r-1', callId: 'call-1' })
      .thenThrows(mcpChatMessages.approvalGone);
  });

  it('unanswered in time: denied, marked expired', () => {
    given([askedEvent])
      .when({ type: 'ExpireApproval', requestId: 'r-1', callId: 'call-1' })
      .then([{ type: 'ToolCallDenied', data: { ...ref, expired: true } }]);
  });

  it('a call is recorded with its duration and outcome only', () => {
    given([])
      .when({ type: 'RecordCall', ref, durationMs: 12, outcome: 'ok' })
      .then([{ type: 'ToolCalled', data: { ...ref, durationMs: 12, outcome: 'ok' } }]);
  });

  it('answerOf reads the answer once given', () => {
    expect(answerOf(fold(toolCallsDecider, [askedEvent]), 'call-1')).toBeUndefined();
    expect(
      answerOf(fold(toolCallsDecider, [askedEvent, { type: 'ToolCallApproved', data: ref }]), 'call-1'),
    ).toBe('approved');
    expect(
      answerOf(fold(toolCallsDecider, [askedEvent, { type: 'ToolCallDenied', data: ref }]), 'call-1'),
    ).toBe('denied');
  });
});
