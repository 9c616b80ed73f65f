import { describe, expect, it } from 'vitest';
import { chatMessages, type ChatEvent, type ChatRequestedData, type ChatStatus } from '@app/contracts';
import { fold } from '../../src/shared/decider';
import { chatRequestDecider, isRunning, type ChatEnding } from '../../src/chat/chat-decider';
import { DeciderSpecification } from './decider-spec';

const given = DeciderSpecification.for(chatRequestDecider);

const requestId = 'r-1';
const data: ChatRequestedData = {
  requestId,
  model: 'm',
  accountId: 'general_account',
  maxTokens: 100,
  reserved: 0.5,
  messageCount: 1,
  storage: 'future-local',
};
const asking: ChatStatus = { id: 'model', summary: 'Asking M', type: 'model', inProgress: true };
const failover: ChatStatus = { ...asking, message: 'An endpoint failed; asking the next one.' };
const ending: ChatEnding = {
  usage: { inputTokens: 3, outputTokens: 4, cachedTokens: 0, cost: 0.01 },
  durationMs: 20,
};

const requested: ChatEvent = { type: 'ChatRequested', data };
const status = (s: ChatStatus): ChatEvent => ({ type: 'ChatStatusChanged', data: { requestId, status: s } });
const completed: ChatEvent = { type: 'ChatCompleted', data: { requestId, ...ending } };
const stopped: ChatEvent = { type: 'ChatStopped', data: { requestId, ...ending, reason: 'user' } };
const failed: ChatEvent = { type: 'ChatFailed', data: { requestId, ...ending, message: 'broke' } };

describe('chat request decider: requested, running, ended', () => {
  it('a new request: ChatRequested and the model status, together', () => {
    given([])
      .when({ type: 'RequestChat', data, status: asking })
      .then([requested, status(asking)]);
  });

  it('a request id used before is refused', () => {
    given([requested, status(asking)])
      .when({ type: 'RequestChat', data, status: asking })
      .thenThrows(chatMessages.requestIdInUse);
    given([requested, status(asking), completed])
      .when({ type: 'RequestChat', data, status: asking })
      .thenThrows(chatMessages.requestIdInUse);
  });

  it('a status change while running (a failover)', () => {
    given([requested, status(asking)])
      .when({ type: 'ChangeStatus', status: failover })
      .then([status(failover)]);
  });

  it('each way to end, once', () => {
    const running = [requested, status(asking)];
    given(running).when({ type: 'CompleteChat', ending }).then([completed]);
    given(running).when({ type: 'StopChat', ending, reason: 'user' }).then([stopped]);
    given(running).when({ type: 'FailChat', ending, message: 'broke' }).then([failed]);
  });

  it('Given a running request, When the relay stops it at a limit, Then ChatStopped names that reason', () => {
    const running = [requested, status(asking)];
    for (const reason of ['maxTokens', 'reservation'] as const)
      given(running)
        .when({ type: 'StopChat', ending, reason })
        .then([{ type: 'ChatStopped', data: { requestId, ...ending, reason } }]);
  });

  it('a request stopped before its first status is still stoppable', () => {
    given([requested]).when({ type: 'StopChat', ending, reason: 'user' }).then([stopped]);
  });

  it('the sealed answer is carried only when given (cloud storage)', () => {
    const sealedAnswer = { v: 1 as const, dataKeyId: 'k1', iv: 'iv', tag: 'tag', ciphertext: 'c' };
    given([requested])
      .when({ type: 'CompleteChat', ending: { ...ending, sealedAnswer } })
      .then([{ type: 'ChatCompleted', data: { requestId, ...ending, sealedAnswer } }]);
  });

  it('refuses a second end, a stop after the end, and a status after it', () => {
    for (const end of [completed, stopped, failed]) {
      const over = [requested, status(asking), end];
      given(over).when({ type: 'CompleteChat', ending }).thenThrows(chatMessages.noSuchRequest);
      given(over).when({ type: 'StopChat', ending, reason: 'user' }).thenThrows(chatMessages.noSuchRequest);
      given(over).when({ type: 'FailChat', ending, message: 'x' }).thenThrows(chatMessages.noSuchRequest);
      given(over).when({ type: 'ChangeStatus', status: asking }).thenThrows(chatMessages.noSuchRequest);
    }
  });

  it('nothing ends or stops a request that was never made', () => {
    given([]).when({ type: 'StopChat', ending, reason: 'user' }).thenThrows(chatMessages.noSuchRequest);
    given([]).when({ type: 'ChangeStatus', status: asking }).thenThrows(chatMessages.noSuchRequest);
  });

  it('running until it ends (what the kill switch checks)', () => {
    expect(isRunning(fold(chatRequestDecider, []))).toBe(false);
    expect(isRunning(fold(chatRequestDecider, [requested]))).toBe(true);
    expect(isRunning(fold(chatRequestDecider, [requested, status(asking)]))).toBe(true);
    expect(fold(chatRequestDecider, [requested, status(asking)]).status).toBe('running');
    expect(isRunning(fold(chatRequestDecider, [requested, status(asking), stopped]))).toBe(false);
  });
});
