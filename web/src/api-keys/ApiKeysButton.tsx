import { useState } from 'react';
import { apiKeysText } from './api-keys-text';
import { ApiKeysDialog } from './ApiKeysDialog';

/** Its look where it is placed (the account menu makes it one of its entries). */
export interface EntryButtonProps {
  className?: string;
  role?: 'menuitem';
}

/** The account menu's API Keys entry: opens the user's API Keys dialog. */
export function ApiKeysButton({ className = 'btn', role }: EntryButtonProps = {}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} role={role} onClick={() => setOpen(true)}>
        {apiKeysText.open}
      </button>
      {open && <ApiKeysDialog onClose={() => setOpen(false)} />}
    </>
  );
}
