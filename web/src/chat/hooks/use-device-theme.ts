import { useSyncExternalStore } from 'react';
import type { ShownTheme } from '@app/contracts';

const darkQuery = '(prefers-color-scheme: dark)';

const subscribe = (changed: () => void): (() => void) => {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

const deviceTheme = (): ShownTheme => (window.matchMedia(darkQuery).matches ? 'dark' : 'light');

/** The device's colour scheme (light or dark), followed as it changes. */
export function useDeviceTheme(): ShownTheme {
  return useSyncExternalStore(subscribe, deviceTheme, () => 'light');
}
