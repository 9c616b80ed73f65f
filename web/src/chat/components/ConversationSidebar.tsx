import { useEffect, useRef } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { chatText } from '../chat-text';
import { newConversationAtom } from '../actions/conversation-actions';
import { AccountMenu, type AccountMenuProps } from '../account-menu/AccountMenu';
import {
  conversationListAtom,
  conversationsErrorAtom,
  serverConversationsAtom,
} from '../state/conversations';
import { activeConversationIdAtom } from '../../state/active-conversation';
import { FiledConversationList } from '../filing';
import { openSidebarId, sidebarOpenAtom } from '../sidebar/sidebar-state';
import { useNarrowScreen } from '../sidebar/use-narrow-screen';
import { focusById, messageInputId } from '../shortcuts/targets';
import { CloseIcon, PlusIcon } from '../header/icons';
import { ConversationSearch } from '../search/ConversationSearch';

/** The focus is nowhere, or in the drawer that just closed. */
const focusLeftBehind = (): boolean =>
  document.activeElement === document.body ||
  document.getElementById('chat-sidebar')?.contains(document.activeElement) === true;

/**
 * The sidebar: New chat, the conversations by day, the account menu at its foot. On a narrow screen
 * it is a drawer ('Open sidebar'): Escape, the backdrop, or choosing a conversation closes it.
 */
export function ConversationSidebar({ account }: { account: AccountMenuProps }) {
  const conversations = useAtomValue(conversationListAtom);
  const activeId = useAtomValue(activeConversationIdAtom);
  const error = useAtomValue(conversationsErrorAtom);
  const loaded = useAtomValue(serverConversationsAtom) !== null;
  const newConversation = useSetAtom(newConversationAtom);
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const narrow = useNarrowScreen();
  const drawer = narrow && open;
  const first = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The drawer takes the focus when it opens and gives it back to 'Open sidebar' when it closes.
  useEffect(() => {
    if (drawer) first.current?.focus();
    else if (wasOpen.current && narrow && focusLeftBehind()) focusById(openSidebarId);
    wasOpen.current = drawer;
  }, [drawer, narrow]);

  // Escape closes the open drawer, wherever the focus is (a menu or a dialog in it keeps its own).
  useEffect(() => {
    if (!drawer) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      focusById(openSidebarId);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawer, setOpen]);

  const onNewChat = () => {
    newConversation();
    setOpen(false);
    focusById(messageInputId);
  };

  return (
    <>
      <aside
        className="chat-sidebar"
        id="chat-sidebar"
        aria-label="Sidebar"
        data-open={drawer ? 'true' : undefined}
        inert={narrow && !open}
      >
        <div className="chat-sidebar-top">
          <span className="chat-brand">Amplify</span>
          {narrow && (
            <button
              type="button"
              className="btn btn-ghost btn-icon chat-touch"
              aria-label="Close sidebar"
              title="Close sidebar"
              onClick={() => {
                setOpen(false);
                focusById(openSidebarId);
              }}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <button ref={first} type="button" className="btn chat-new chat-touch" onClick={onNewChat}>
          <PlusIcon />
          {chatText.newConversation}
        </button>
        <ConversationSearch />
        {error !== null && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <nav aria-label="Conversations" className="chat-conversations" aria-busy={!loaded}>
          {conversations.length === 0 && loaded ? (
            <p className="muted chat-sidebar-empty">{chatText.noConversations}</p>
          ) : (
            <FiledConversationList conversations={conversations} activeId={activeId} />
          )}
        </nav>
        <AccountMenu {...account} />
      </aside>
      {drawer && <div className="chat-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
    </>
  );
}
