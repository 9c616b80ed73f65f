import { useSyncExternalStore } from 'react';
import type { ShownTheme } from '@app/contracts';

/** The theme the page is shown in (what a diagram is drawn in). */
export type PageTheme = ShownTheme;

/** The page's theme, as the app sets it on `<html data-theme>`: light unless it says dark. */
const currentTheme = (): PageTheme =>
  document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';

const subscribe = (changed: () => void): (() => void) => {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
};

/** The page's theme, followed as it changes (what a rendered diagram is drawn in). */
export function usePageTheme(): PageTheme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
