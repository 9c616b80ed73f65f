import { z } from 'zod';
import { boundedList, boundedString } from './bounded';
import { limits } from './limits';

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

const readModelList = boundedList(ReadModelName, 'readModels', readModelNames.length);

export const LiveClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    readModels: readModelList.min(1),
    /** The `seq` of the last change this client saw: the server replays what came after it. */
    after: boundedString('The sequence number', limits.positionLength).regex(/^\d+$/).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), readModels: readModelList.min(1) }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

export const ChangedMessage = z.object({
  type: z.literal('changed'),
  readModel: ReadModelName,
  ids: boundedList(boundedString('A changed id', limits.liveIdLength), 'ids', limits.liveIds),
  position: boundedString('The position', limits.positionLength),
  /** The change's place in the feed of changes, in commit order: what a reconnecting client resumes after. */
  seq: boundedString('The sequence number', limits.positionLength),
  actor: boundedString('The actor', limits.emailLength),
});
export type ChangedMessage = z.infer<typeof ChangedMessage>;

export const LiveServerMessage = z.discriminatedUnion('type', [
  ChangedMessage,
  z.object({
    type: z.literal('subscribed'),
    readModels: readModelList,
    /**
     * True when every change after the client's `after` was replayed; false when the feed no longer
     * reaches back that far (or no `after` was sent), so the client must refetch what it shows.
     */
    resumed: z.boolean().optional(),
  }),
  z.object({ type: z.literal('error'), message: boundedString('The message', limits.messageLength) }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;
