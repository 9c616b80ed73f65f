export { apiKeyRoutesPlugin } from './api-key-routes';
export {
  deactivateApiKey,
  issueApiKey,
  rotateApiKey,
  updateApiKeys,
  type ApiKeyChange,
  type IssueApiKeyInput,
} from './api-key-commands';
export { apiKeyDecider, ApiKeyNotFoundError, type ApiKeyCommand, type ApiKeyState } from './api-key-decider';
export { apiKeyRows } from './api-key-rows';
export { chatApiKeyOf, recordChatRateLimitRefusal, type ChatApiKey } from './api-key-chat';
