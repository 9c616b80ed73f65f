import { useState } from 'react';
import { IntegrationsDialog } from './IntegrationsDialog';

/** Its look where it is placed (the account menu makes it one of its entries). */
export interface EntryButtonProps {
  className?: string;
  role?: 'menuitem';
}

/** The account menu's Integrations entry: opens the user's Integrations dialog. */
export function IntegrationsButton({ className = 'btn', role }: EntryButtonProps = {}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} role={role} onClick={() => setOpen(true)}>
        Integrations
      </button>
      {open && <IntegrationsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
