import { useSyncExternalStore } from 'react';

/** Below this width the sidebar is a drawer (keep in step with the media query of `chat.css`). */
const narrowQuery = '(max-width: 760px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is narrow (a phone): the sidebar is then a drawer. */
export const useNarrowScreen = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(narrowQuery).matches);
