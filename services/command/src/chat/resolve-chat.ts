import {
  amplifyGroupsStreamId,
  chatMessages,
  groupsOf,
  isModelOpenTo,
  openaiEndpointsStreamId,
  ownValue,
  supportedModelsStreamId,
  type ConversationStorage,
  type Model,
} from '@app/contracts';
import type { Db } from '@app/platform';
import { amplifyGroupsDecider } from '../domain/amplify-groups';
import { openaiEndpointsDecider } from '../domain/openai-endpoints';
import type { SavedEndpoint } from '../domain/openai-endpoint-rules';
import { supportedModelsDecider } from '../domain/supported-models';
import { loadState } from '../handling/stream-state';
import { conversationStorageFor } from '../user-settings/conversation-storage-for';

/** What a chat request runs with: the model, its endpoints (keys still sealed), where it is stored. */
export interface ResolvedChat {
  model: Model;
  endpoints: SavedEndpoint[];
  storage: ConversationStorage;
}

/** A request the configuration refuses (400): an unknown or forbidden model, a model without endpoints. */
export class ChatRefusal extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

/**
 * The model `modelId` as `email` may use it, from the log: it exists, is available and, when it is
 * reserved to Amplify groups, `email` is in one of them (inclusions count). Unknown and forbidden
 * read the same. Then its endpoints (the OpenAi Endpoints entry named like the model) and where
 * the conversation is kept (the user's choice, else the admin's default).
 */
export const resolveChat = async (db: Db, modelId: string, email: string): Promise<ResolvedChat> => {
  const [models, groups, endpoints, storage] = await Promise.all([
    loadState(db, supportedModelsDecider, supportedModelsStreamId),
    loadState(db, amplifyGroupsDecider, amplifyGroupsStreamId),
    loadState(db, openaiEndpointsDecider, openaiEndpointsStreamId),
    conversationStorageFor(db, email),
  ]);
  const model = ownValue(models.state, modelId);
  const open =
    model !== undefined &&
    model.isAvailable &&
    isModelOpenTo(model, model.exclusiveGroupAvailability.length > 0 ? groupsOf(groups.state, email) : []);
  if (!model || !open) throw new ChatRefusal(chatMessages.modelUnavailable(modelId));
  const entry = endpoints.state.find((m) => m.name === model.id);
  if (!entry || entry.endpoints.length === 0) throw new ChatRefusal(chatMessages.noEndpoints(model.id));
  return { model, endpoints: entry.endpoints, storage };
};
