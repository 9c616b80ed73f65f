import { z } from 'zod';

export const readModelNames = [
  'admins',
  'featureFlags',
  'supportedModels',
  'defaultModels',
  'emailSupport',
  'aiEmailDomain',
  'rateLimit',
  'defaultConversationStorage',
  'promtCostAlert',
  'amplifyGroups',
  'applicationVariables',
  'applicationSecrets',
  'openaiEndpoints',
  'endpointTests',
] as const;
export const ReadModelName = z.enum(readModelNames);
export type ReadModelName = z.infer<typeof ReadModelName>;

export const LiveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), readModels: z.array(ReadModelName).min(1) }),
  z.object({ type: z.literal('unsubscribe'), readModels: z.array(ReadModelName).min(1) }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

export const ChangedMessage = z.object({
  type: z.literal('changed'),
  readModel: ReadModelName,
  ids: z.array(z.string()),
  position: z.string(),
  actor: z.string(),
});
export type ChangedMessage = z.infer<typeof ChangedMessage>;

export const LiveServerMessage = z.discriminatedUnion('type', [
  ChangedMessage,
  z.object({ type: z.literal('subscribed'), readModels: z.array(ReadModelName) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;
