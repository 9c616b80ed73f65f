/**
 * The configuration's sections as the features read them (the deciders their streams fold with, and
 * an endpoint as it is saved). Saving them is the admins' routes' (`configsUpdateRoute`, the secrets).
 */
export { adminsDecider } from './admins';
export { amplifyGroupsDecider } from './amplify-groups';
export { chatRateLimitDecider } from './chat-rate-limit';
export { conversationStorageDecider } from './conversation-storage';
export { defaultModelsDecider } from './default-models';
export { featureFlagsDecider } from './feature-flags';
export { openaiEndpointsDecider } from './openai-endpoints';
export type { SavedEndpoint } from './openai-endpoint-rules';
export { supportedModelsDecider } from './supported-models';
