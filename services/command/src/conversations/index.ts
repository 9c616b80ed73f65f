export { conversationRoutesPlugin } from './conversation-routes';
export {
  conversationDecider,
  type ConversationCommand,
  type ConversationState,
} from './conversation-decider';
export { hasConversation, NoSuchConversationError, onOwnConversation } from './conversation-commands';
