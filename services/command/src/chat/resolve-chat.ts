import {
  assistantMessages,
  effectiveStorageOf,
  amplifyGroupsStreamId,
  chatMessages,
  dataDisclosureStreamId,
  defaultConversationStorageStreamId,
  disclosureAcceptanceStreamId,
  featureDataMessages,
  groupsOf,
  isModelOpenTo,
  openaiEndpointsStreamId,
  ownValue,
  supportedModelsStreamId,
  userSettingsStreamId,
  type ConversationStorage,
  type GroupsByName,
  type Model,
} from '@app/contracts';
import type { Db } from '@app/platform';
import {
  amplifyGroupsDecider,
  conversationStorageDecider,
  openaiEndpointsDecider,
  supportedModelsDecider,
  type SavedEndpoint,
} from '../configurations/index';
import type { StateCache } from '../shared/state-cache';
import { assistantForChat, type ResolvedAssistant } from './assistant-chat';
import { userSettingsDecider } from '../user-settings/index';
import { imagesRefusedFor } from './chat-images';
import {
  dataDisclosureDecider,
  disclosureAcceptanceDecider,
  mustAcceptDisclosure,
} from '../feature-data/index';

/** What a chat request runs with: the model, its endpoints (keys still sealed), where it is stored. */
export interface ResolvedChat {
  model: Model;
  endpoints: SavedEndpoint[];
  storage: ConversationStorage;
  /** The assistant of `options.assistantId`, when the request names one the caller may use. */
  assistant?: ResolvedAssistant;
}

/** A request the configuration refuses (400): an unknown or forbidden model, a model without endpoints. */
export class ChatRefusal extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
    /** A spend limit's refusal (429): when it resets (null: never). */
    readonly resetsAt: Date | null = null,
  ) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

/** Whether `email` may use the model: available and, when reserved to Amplify groups, a member of one. */
const isOpenTo = (m: Model, groups: GroupsByName, email: string): boolean =>
  m.isAvailable && isModelOpenTo(m, m.exclusiveGroupAvailability.length > 0 ? groupsOf(groups, email) : []);

/** The models `email` may chat with, by id (the same rule as a chat request's: `resolveChat`). */
export const modelsOpenTo = async (db: Db, cache: StateCache, email: string): Promise<Model[]> => {
  const batch = cache.batch();
  const models = batch.add(supportedModelsDecider, supportedModelsStreamId);
  const groups = batch.add(amplifyGroupsDecider, amplifyGroupsStreamId);
  await batch.load(db);
  return Object.values(models())
    .filter((m) => isOpenTo(m, groups(), email))
    .sort((a, b) => a.id.localeCompare(b.id));
};

/** A `Retry-After` in whole seconds until `resetsAt` (at least 1). */
export const retryAfterSeconds = (resetsAt: Date, now: Date): string =>
  String(Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)));

/**
 * The model `modelId` as `email` may use it, from the log: it exists, is available and, when it is
 * reserved to Amplify groups, `email` is in one of them (inclusions count). Unknown and forbidden
 * read the same. Then its endpoints (the OpenAi Endpoints entry named like the model) and where
 * the conversation is kept (the user's choice, else the admin's default). The five streams are read
 * in one round trip through `cache`, each as it is now.
 */
export const resolveChat = async (
  db: Db,
  cache: StateCache,
  modelId: string,
  email: string,
  assistantId?: string,
  /** The request sends images: a model that does not take them refuses it (400), naming those that do. */
  sendsImages = false,
): Promise<ResolvedChat> => {
  const read = chatStates(cache, email);
  await read.batch.load(db);
  const { model, endpoints, storage } = read.resolve(modelId, sendsImages);
  if (assistantId === undefined) return { model, endpoints, storage };
  // An assistant the caller may not use (or none by that id): 403, nothing recorded or sent.
  const assistant = await assistantForChat(db, assistantId, email);
  if (assistant === 'refused') throw new ChatRefusal(assistantMessages.noAccess, 403);
  return { model, endpoints, storage, assistant };
};

/**
 * What `resolveChat` would answer (no assistant, no images) from the states `cache` keeps, reading
 * nothing; undefined when one is not kept or the request would be refused. A guess: the same objects
 * as `resolveChat`'s answer when nothing changed since, other objects when something did.
 */
export const guessChat = (cache: StateCache, modelId: string, email: string): ResolvedChat | undefined => {
  const read = chatStates(cache, email);
  if (!read.batch.peek()) return undefined;
  try {
    return read.resolve(modelId, false);
  } catch {
    return undefined;
  }
};

/** The five streams a chat request is resolved from, in one batch, and the resolution from them. */
const chatStates = (cache: StateCache, email: string) => {
  const batch = cache.batch();
  const models = batch.add(supportedModelsDecider, supportedModelsStreamId);
  const groups = batch.add(amplifyGroupsDecider, amplifyGroupsStreamId);
  const endpoints = batch.add(openaiEndpointsDecider, openaiEndpointsStreamId);
  const settings = batch.add(userSettingsDecider, userSettingsStreamId(email));
  const defaultStorage = batch.add(conversationStorageDecider, defaultConversationStorageStreamId);
  const disclosure = batch.add(dataDisclosureDecider, dataDisclosureStreamId);
  const accepted = batch.add(disclosureAcceptanceDecider, disclosureAcceptanceStreamId(email));
  const resolve = (modelId: string, sendsImages: boolean): Omit<ResolvedChat, 'assistant'> => {
    // A published Data Disclosure the user has not accepted: no chat until they do (403).
    if (mustAcceptDisclosure(disclosure().latest?.version ?? null, accepted()))
      throw new ChatRefusal(featureDataMessages.mustAcceptDisclosure, 403);
    const model = ownValue(models(), modelId);
    const openTo = (m: Model) => isOpenTo(m, groups(), email);
    if (!model || !openTo(model)) throw new ChatRefusal(chatMessages.modelUnavailable(modelId));
    if (sendsImages && !model.supportsImages)
      throw new ChatRefusal(imagesRefusedFor(model, Object.values(models()).filter(openTo)));
    const storage: ConversationStorage = effectiveStorageOf(settings().conversationStorage, defaultStorage());
    const entry = endpoints().find((m) => m.name === model.id);
    if (!entry || entry.endpoints.length === 0) throw new ChatRefusal(chatMessages.noEndpoints(model.id));
    return { model, endpoints: entry.endpoints, storage };
  };
  return { batch, resolve };
};
