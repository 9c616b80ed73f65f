import { useEffect } from 'react';
import { useSetAtom, useStore } from 'jotai';
import { newConversationAtom } from '../actions/conversation-actions';
import { stopRequestAtom } from '../actions/stop-request';
import { sidebarOpenAtom } from '../sidebar/sidebar-state';
import { isMac, shortcutOf } from './shortcut-keys';
import { streamingAnswerAtom } from './streaming-answer';
import { focusById, messageInputId } from './targets';
import { focusConversationSearch } from '../search/focus-search';

/** Escape inside a dialog or a menu is theirs (closing them), not a Stop. */
const insideLayer = (target: EventTarget | null): boolean =>
  target instanceof Element &&
  target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;

/** The chat's keyboard shortcuts, on the whole page while the chat shows (see `shortcut-keys.ts`). */
export function useShortcuts(showShortcuts: () => void): void {
  const newConversation = useSetAtom(newConversationAtom);
  const stop = useSetAtom(stopRequestAtom);
  const setSidebarOpen = useSetAtom(sidebarOpenAtom);
  const store = useStore();

  useEffect(() => {
    const mac = isMac(navigator.platform);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const live = store.get(streamingAnswerAtom);
      const action = shortcutOf(event, mac, live !== undefined && live.phase !== 'stopping');
      if (action === null) return;
      if (action === 'stop' && insideLayer(event.target)) return;
      if (action === 'search') {
        // The conversation search (opening a phone's drawer first); without one, the browser keeps the keys.
        if (focusConversationSearch(() => setSidebarOpen(true))) event.preventDefault();
        return;
      }
      event.preventDefault();
      if (action === 'newChat') {
        newConversation();
        setSidebarOpen(false);
        focusById(messageInputId);
      } else if (action === 'focusInput') {
        setSidebarOpen(false);
        focusById(messageInputId);
      } else if (action === 'stop' && live) {
        void stop(live.requestId);
      } else if (action === 'showShortcuts') {
        showShortcuts();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [newConversation, stop, setSidebarOpen, showShortcuts, store]);
}
