export { conversationRoutesPlugin } from './conversation-routes';
export {
  conversationDecider,
  type ConversationCommand,
  type ConversationState,
} from './conversation-decider';
export {
  deleteConversation,
  hasConversation,
  NoSuchConversationError,
  renameConversation,
} from './conversation-commands';
