import { useState } from 'react';
import { ConversationSettingsDialog } from './ConversationSettingsDialog';

const SlidersIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" />
  </svg>
);

/**
 * 'Conversation settings': opens the shown conversation's settings (instructions, temperature).
 */
export function ConversationSettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-icon chat-touch"
        aria-label="Conversation settings"
        title="Conversation settings"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SlidersIcon />
      </button>
      {open && <ConversationSettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
