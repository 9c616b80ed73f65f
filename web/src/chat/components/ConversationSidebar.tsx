import { useAtomValue, useSetAtom } from 'jotai';
import { chatText } from '../chat-text';
import { newConversationAtom } from '../actions/conversation-actions';
import {
  conversationListAtom,
  conversationsErrorAtom,
  serverConversationsAtom,
} from '../state/conversations';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { ConversationItem } from './ConversationItem';

/** The sidebar: New conversation, then every conversation with its name and cost, newest first. */
export function ConversationSidebar() {
  const conversations = useAtomValue(conversationListAtom);
  const activeId = useAtomValue(activeConversationIdAtom);
  const error = useAtomValue(conversationsErrorAtom);
  const loaded = useAtomValue(serverConversationsAtom) !== null;
  const newConversation = useSetAtom(newConversationAtom);

  return (
    <aside className="chat-sidebar">
      <button type="button" className="btn btn-primary chat-new" onClick={newConversation}>
        {chatText.newConversation}
      </button>
      {error !== null && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <nav aria-label="Conversations" className="chat-conversations" aria-busy={!loaded}>
        {conversations.length === 0 && loaded ? (
          <p className="muted chat-sidebar-empty">{chatText.noConversations}</p>
        ) : (
          <ul>
            {conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} active={c.id === activeId} />
            ))}
          </ul>
        )}
      </nav>
    </aside>
  );
}
