import { useSyncExternalStore } from 'react';

/** Below this width the History table is one column per change (keep in step with history.css). */
const narrowQuery = '(max-width: 700px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is narrow (a phone). */
export const useNarrow = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(narrowQuery).matches);
