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
export type { AdminsState } from './admins';
export type { AmplifyGroupsState } from './amplify-groups';
export type { DefaultModelsState } from './default-models';
export type { FeatureFlagsState } from './feature-flags';
export type { SupportedModelsState } from './supported-models';
/** Configuration as code runs an import's sections through the save's own rules. */
export { saveRuleRefusals } from './save-rules';
export { aiEmailDomainDecider } from './ai-email-domain';
export { applicationSecretsDecider, applicationVariablesDecider } from './application-variables';
export { promptCostAlertDecider } from './prompt-cost-alert';
export { supportEmailDecider } from './support-email';
export { sectionHandlers } from './sections';
export type { NamedValuesState } from './named-values';
export type { OpenAiEndpointsState } from './openai-endpoints';
