import { useState } from 'react';
import { apiKeysText } from './api-keys-text';
import { ApiKeysDialog } from './ApiKeysDialog';

/** The header's API Keys entry: opens the user's API Keys dialog. */
export function ApiKeysButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        {apiKeysText.open}
      </button>
      {open && <ApiKeysDialog onClose={() => setOpen(false)} />}
    </>
  );
}
