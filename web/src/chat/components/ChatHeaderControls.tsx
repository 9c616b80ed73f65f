import { AssistantPicker } from '../../assistants';
import { ApiKeysButton } from '../../api-keys';
import { IntegrationsButton } from '../../integrations';
import { AccountPicker } from './AccountPicker';
import { ModelSelector } from './ModelSelector';
import { SpendDisplay } from './SpendDisplay';
import { StorageChoice } from './StorageChoice';
import { ThemeToggle } from './ThemeToggle';

/** The chat's part of the header: the model, the account, the spend so far, where new conversations are kept, the theme. */
export function ChatHeaderControls() {
  return (
    <div className="chat-header-controls">
      <ModelSelector />
      <AssistantPicker />
      <AccountPicker />
      <SpendDisplay />
      <StorageChoice />
      <ThemeToggle />
      <ApiKeysButton />
      <IntegrationsButton />
    </div>
  );
}
