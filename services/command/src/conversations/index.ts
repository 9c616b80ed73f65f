export { conversationRoutesPlugin } from './conversation-routes';
export {
  conversationDecider,
  type ConversationCommand,
  type ConversationState,
} from './conversation-decider';
export {
  hasConversation,
  NoSuchConversationError,
  NoSuchVersionError,
  onOwnConversation,
} from './conversation-commands';
export { importRoutesPlugin } from './import-routes';
export { importConversations, ImportRefusal, type ImportOutcome } from './import-conversations';
