import { lazy, Suspense, useState } from 'react';
import { usageScreenMessages } from '@app/contracts';

// The dialog (its chart and table) loads when first opened: the chat's first load stays as it was.
const UsageDialog = lazy(() => import('./UsageDialog'));

/** The account menu's Usage entry: opens the user's own Usage dialog. */
export function UsageButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="menu-item" role="menuitem" onClick={() => setOpen(true)}>
        {usageScreenMessages.tabLabel}
      </button>
      {open && (
        <Suspense fallback={null}>
          <UsageDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
