import {
  chatStreamId,
  feedbackStreamId,
  type AnswerRating,
  type ChatEvent,
  type ChatUsage,
  type FeedbackEvent,
} from '@app/contracts';

/** One chat request as the usage tests seed it: who, which model, account and key, when it ended, its usage. */
export interface SeededChat {
  requestId: string;
  user: string;
  model: string;
  accountId?: string;
  apiKeyId?: string;
  /** When its end event is recorded (ISO). */
  endedAt: string;
  usage: ChatUsage;
  /** How it ended (default ChatCompleted); 'none': asked, never ended. */
  end?: 'ChatCompleted' | 'ChatStopped' | 'ChatFailed' | 'none';
}

export const usage = (cost: number, inputTokens = 100, outputTokens = 50): ChatUsage => ({
  inputTokens,
  outputTokens,
  cachedTokens: 0,
  cost,
});

export const chatRequested = (c: SeededChat): ChatEvent => ({
  type: 'ChatRequested',
  data: {
    requestId: c.requestId,
    model: c.model,
    accountId: c.accountId ?? 'general_account',
    maxTokens: 1000,
    reserved: 0.5,
    messageCount: 1,
    storage: 'future-local',
    ...(c.apiKeyId ? { via: { api: 'openai', apiKeyId: c.apiKeyId } } : {}),
  },
});

export const chatEnded = (c: SeededChat): ChatEvent | null => {
  const ended = { requestId: c.requestId, usage: c.usage, durationMs: 10 };
  switch (c.end ?? 'ChatCompleted') {
    case 'ChatCompleted':
      return { type: 'ChatCompleted', data: ended };
    case 'ChatStopped':
      return { type: 'ChatStopped', data: { ...ended, reason: 'user' } };
    case 'ChatFailed':
      return { type: 'ChatFailed', data: { ...ended, message: 'failed' } };
    case 'none':
      return null;
  }
};

export const answerRated = (c: SeededChat, rating: AnswerRating): FeedbackEvent => ({
  type: 'AnswerRated',
  data: { requestId: c.requestId, model: c.model, rating },
});

export const streams = { chat: chatStreamId, feedback: feedbackStreamId };
