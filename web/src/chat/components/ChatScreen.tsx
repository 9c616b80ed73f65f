import { AssistantDisclaimer } from '../../assistants';
import { useChatBootstrap } from '../hooks/use-chat-bootstrap';
import { useUserLive } from '../hooks/use-user-live';
import { useTabSync } from '../hooks/use-tab-sync';
import { useTheme } from '../hooks/use-theme';
import { ChatInput } from './ChatInput';
import { ConversationSidebar } from './ConversationSidebar';
import { MessageList } from './MessageList';
import { PromptCostAlert } from './PromptCostAlert';
import '../../styles/chat.css';

/** The chat: the conversation list beside the messages and the input. */
export function ChatScreen() {
  useChatBootstrap();
  useTabSync();
  useUserLive();
  useTheme();
  return (
    <div className="chat">
      <ConversationSidebar />
      <main className="chat-main">
        <MessageList />
        <PromptCostAlert />
        <AssistantDisclaimer />
        <ChatInput />
      </main>
    </div>
  );
}
