import { z } from 'zod';
import { boundedList, boundedString } from './bounded';
import { limits } from './limits';
import { valueCardKeys } from './admin/value-cards/index';

/**
 * The admin read models (the Admin Interface's configuration): only admins may subscribe to them,
 * and every change is pushed to every admin subscribed. What the Admin Interface watches.
 */
export const readModelNames = [
  'admins',
  'featureFlags',
  'supportedModels',
  'defaultModels',
  ...valueCardKeys,
  'amplifyGroups',
  'applicationVariables',
  'applicationSecrets',
  'openaiEndpoints',
  'endpointTests',
] as const;
export const adminReadModelNames = readModelNames;

/**
 * The user read models: any signed-in user may subscribe, and each change is pushed only to the
 * sockets of the user it belongs to (the change's actor). Its ids are that user's (conversation ids...).
 */
export const userReadModelNames = [
  'conversations',
  'spend',
  'userSettings',
  'files',
  'conversationFiling',
] as const;
export type UserReadModelName = (typeof userReadModelNames)[number];

/** Every read model `/live` knows, admin and user. */
export const liveReadModelNames = [...readModelNames, ...userReadModelNames] as const;
export const ReadModelName = z.enum(liveReadModelNames);
export type ReadModelName = z.infer<typeof ReadModelName>;

export const isUserReadModel = (name: ReadModelName): name is UserReadModelName =>
  (userReadModelNames as readonly string[]).includes(name);

/** What `/live` tells a client in an `error` message. */
export const liveMessages = {
  expectedSubscribe: 'Expected {"type":"subscribe","readModels":[...]}',
  adminsOnly: (names: readonly string[]) =>
    `Only admins may watch ${names.join(', ')}: not subscribed to ${names.length === 1 ? 'it' : 'them'}.`,
} as const;

const readModelList = boundedList(ReadModelName, 'readModels', liveReadModelNames.length);

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
