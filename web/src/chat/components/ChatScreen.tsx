import { useCallback, useState } from 'react';
import { AssistantDisclaimer } from '../../assistants';
import type { AccountMenuProps } from '../account-menu/AccountMenu';
import { ConversationHeader } from '../header/ConversationHeader';
import { useChatBootstrap } from '../hooks/use-chat-bootstrap';
import { useUserLive } from '../hooks/use-user-live';
import { useTabSync } from '../hooks/use-tab-sync';
import { useTheme } from '../hooks/use-theme';
import { useConversationMemory } from '../settings';
import { ShortcutsDialog } from '../shortcuts/ShortcutsDialog';
import { useShortcuts } from '../shortcuts/use-shortcuts';
import { ChatInput } from './ChatInput';
import { ConversationSidebar } from './ConversationSidebar';
import { MessageList } from './MessageList';
import { PromptCostAlert } from './PromptCostAlert';
import '../../styles/chat.css';

/** The chat: the sidebar (a drawer on a phone) beside the conversation's header, its messages and the input. */
export function ChatScreen({ account }: { account: AccountMenuProps }) {
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const showShortcuts = useCallback(() => setShortcutsShown(true), []);
  useChatBootstrap();
  useTabSync();
  useUserLive();
  useTheme();
  useConversationMemory();
  useShortcuts(showShortcuts);
  return (
    <div className="chat">
      <ConversationSidebar account={account} />
      <main className="chat-main">
        <ConversationHeader />
        <MessageList />
        <PromptCostAlert />
        <AssistantDisclaimer />
        <ChatInput />
      </main>
      {shortcutsShown && <ShortcutsDialog onClose={() => setShortcutsShown(false)} />}
    </div>
  );
}
