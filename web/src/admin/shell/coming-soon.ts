import type { TabId } from './tabs';

/** What each tab whose sections come later will hold (the spec's words where it has them). */
export const comingSoon: Partial<Record<TabId, readonly string[]>> = {};
