import { useEffect, type RefObject } from 'react';

/** What stays usable in a read-only region: searching and scrolling a table change nothing. */
const keep = '[data-as-of-action], [data-as-of-action] *, input[type="search"]';
const textTypes = new Set([
  'text',
  'email',
  'url',
  'number',
  'tel',
  'password',
  'date',
  'datetime-local',
  'time',
]);
const customControls =
  '[role="switch"], [role="checkbox"], [role="radio"], [role="slider"], [role="spinbutton"]';

/** Every control of `root` read only: text fields readOnly, the other controls disabled. */
export const lockControls = (root: HTMLElement): void => {
  for (const el of root.querySelectorAll<HTMLElement>('input, textarea, select, button')) {
    if (el.matches(keep)) continue;
    if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && textTypes.has(el.type))) {
      if (!el.readOnly) el.readOnly = true;
    } else if (
      (el instanceof HTMLInputElement ||
        el instanceof HTMLSelectElement ||
        el instanceof HTMLButtonElement) &&
      !el.disabled
    ) {
      el.disabled = true;
    }
  }
  for (const el of root.querySelectorAll<HTMLElement>(`${customControls}, [contenteditable="true"]`)) {
    if (el.matches(keep)) continue;
    if (el.isContentEditable) el.contentEditable = 'false';
    else if (el.getAttribute('aria-disabled') !== 'true') el.setAttribute('aria-disabled', 'true');
  }
};

/**
 * The read-only mode of the dialog's tabs while it shows the configuration at a moment: the cards
 * render as they always do (no copy of them), and every control they hold, now and as they
 * re-render, is made read only or disabled. Clicks on what is not a native control (a custom switch)
 * are stopped before they reach it. Controls inside `data-as-of-action` (the revert) stay usable.
 * `on` names what is shown (the moment and tab); null when the dialog shows now.
 */
export function useReadOnly(ref: RefObject<HTMLElement | null>, on: string | null): void {
  useEffect(() => {
    const root = ref.current;
    if (!on || !root) return;
    lockControls(root);
    const observer = new MutationObserver(() => lockControls(root));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'readonly', 'aria-disabled', 'contenteditable'],
    });
    const stop = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== ' ' && event.key !== 'Enter') return;
      const target = event.target instanceof Element ? event.target.closest(customControls) : null;
      if (target && !target.matches(keep)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    root.addEventListener('click', stop, true);
    root.addEventListener('keydown', stop, true);
    return () => {
      observer.disconnect();
      root.removeEventListener('click', stop, true);
      root.removeEventListener('keydown', stop, true);
    };
  }, [ref, on]);
}
