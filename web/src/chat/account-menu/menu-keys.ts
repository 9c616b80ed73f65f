/** The entries of a menu a key moves between (the enabled `menuitem*` in it, in order). */
export const menuItemsOf = (root: HTMLElement | null): HTMLElement[] =>
  root
    ? [...root.querySelectorAll<HTMLElement>('[role^="menuitem"]')].filter(
        (item) => !item.hasAttribute('disabled'),
      )
    : [];

/** Which entry an arrow, Home or End moves to from `current` (wrapping round); null for other keys. */
export function nextItemIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count;
  if (key === 'ArrowUp') return current < 0 ? count - 1 : (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
