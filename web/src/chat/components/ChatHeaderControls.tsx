import { AccountPicker } from './AccountPicker';
import { ModelSelector } from './ModelSelector';
import { SpendDisplay } from './SpendDisplay';
import { ThemeToggle } from './ThemeToggle';

/** The chat's part of the header: the model, the account, the spend so far, the theme. */
export function ChatHeaderControls() {
  return (
    <div className="chat-header-controls">
      <ModelSelector />
      <AccountPicker />
      <SpendDisplay />
      <ThemeToggle />
    </div>
  );
}
