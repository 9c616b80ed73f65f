import {
  amplifyGroupsEventTypes,
  chatEventTypes,
  embeddingsEventTypes,
  feedbackEventTypes,
  type AmplifyGroupsEvent,
  type ChatEvent,
  type ChatUsage,
  type ChatVia,
  type EmbeddingsEvent,
  type FeedbackEvent,
} from '@app/contracts';

/** The events the usage roll-ups fold (docs/architecture.md "Usage roll-ups"). */
export type UsageEvent =
  Exclude<ChatEvent, { type: 'ChatStatusChanged' }> | EmbeddingsEvent | FeedbackEvent | AmplifyGroupsEvent;

export const usageEventTypes: readonly UsageEvent['type'][] = [
  ...chatEventTypes.filter((t): t is Exclude<typeof t, 'ChatStatusChanged'> => t !== 'ChatStatusChanged'),
  ...embeddingsEventTypes,
  ...feedbackEventTypes,
  ...amplifyGroupsEventTypes,
];

const hourMs = 3600 * 1000;
const dayMs = 24 * hourMs;
/** The UTC day and hour an instant falls in. */
export const usageBuckets = (at: Date): { day: Date; hour: Date } => ({
  day: new Date(Math.floor(at.getTime() / dayMs) * dayMs),
  hour: new Date(Math.floor(at.getTime() / hourMs) * hourMs),
});

/** What a usage event does to the roll-ups: a request asked or ended, an answer rated, or a group changed. */
export type UsageStep =
  | {
      kind: 'asked';
      data: { requestId: string; model: string; accountId: string; via?: ChatVia | undefined };
    }
  | { kind: 'ended'; requestId: string; usage: ChatUsage }
  | { kind: 'rated'; event: FeedbackEvent }
  | { kind: 'group'; event: AmplifyGroupsEvent };

/**
 * A chat request, or an embeddings call (the OpenAI-compatible API): asked and ended the same way; an
 * embeddings call counts its input tokens and cost, no output.
 */
export const usageStepOf = (event: UsageEvent): UsageStep => {
  if (event.type === 'ChatRequested' || event.type === 'EmbeddingsRequested')
    return { kind: 'asked', data: event.data };
  if (event.type === 'EmbeddingsCompleted' || event.type === 'EmbeddingsFailed') {
    const { inputTokens, cost } = event.data.usage;
    return {
      kind: 'ended',
      requestId: event.data.requestId,
      usage: { inputTokens, outputTokens: 0, cachedTokens: 0, cost },
    };
  }
  if (event.type === 'ChatCompleted' || event.type === 'ChatStopped' || event.type === 'ChatFailed')
    return { kind: 'ended', requestId: event.data.requestId, usage: event.data.usage };
  if (event.type === 'AnswerRated') return { kind: 'rated', event };
  return { kind: 'group', event };
};

/** The ids a usage event's change is answered with: its request's, or its group's name. */
export const usageIdsOf = (step: UsageStep): string[] => {
  switch (step.kind) {
    case 'asked':
      return [step.data.requestId];
    case 'ended':
      return [step.requestId];
    case 'rated':
      return [step.event.data.requestId];
    case 'group':
      return [step.event.data.groupName];
  }
};
