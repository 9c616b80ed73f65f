import { useEffect, type RefObject } from 'react';

/**
 * A button that is disabled while it has the focus (Save Changes once saved, Reload while saving)
 * would drop the focus to the page, outside the dialog, where Escape no longer reaches it: the focus
 * goes to the dialog that holds the button instead.
 */
export function useFocusKeptInDialog(button: RefObject<HTMLElement | null>, disabled: boolean): void {
  useEffect(() => {
    const node = button.current;
    if (!disabled || !node) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active !== node) return;
    node.closest<HTMLElement>('[role="dialog"]')?.focus();
  }, [button, disabled]);
}
