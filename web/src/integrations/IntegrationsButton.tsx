import { useState } from 'react';
import { IntegrationsDialog } from './IntegrationsDialog';

/** The header's Integrations entry: opens the user's Integrations dialog. */
export function IntegrationsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Integrations
      </button>
      {open && <IntegrationsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
