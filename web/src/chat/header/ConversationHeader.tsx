import { useSetAtom } from 'jotai';
import { AssistantPicker } from '../../assistants';
import { ModelSelector } from '../components/ModelSelector';
import { ConversationSettingsButton } from '../settings/ConversationSettingsButton';
import { openSidebarId, sidebarOpenAtom } from '../sidebar/sidebar-state';
import { useNarrowScreen } from '../sidebar/use-narrow-screen';
import { MenuIcon } from './icons';

/** The conversation's header: 'Open sidebar' on a phone, the model and the assistant, the conversation's settings. */
export function ConversationHeader() {
  const narrow = useNarrowScreen();
  const openSidebar = useSetAtom(sidebarOpenAtom);
  return (
    <header className="chat-header">
      {narrow && (
        <button
          type="button"
          id={openSidebarId}
          className="btn btn-ghost btn-icon chat-touch"
          aria-label="Open sidebar"
          aria-controls="chat-sidebar"
          title="Open sidebar"
          onClick={() => openSidebar(true)}
        >
          <MenuIcon />
        </button>
      )}
      <div className="chat-header-pickers">
        <ModelSelector />
        <AssistantPicker />
      </div>
      <ConversationSettingsButton />
    </header>
  );
}
