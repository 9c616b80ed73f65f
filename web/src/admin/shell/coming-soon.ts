import type { TabId } from './tabs';

/** What each tab whose sections come later will hold (the spec's words where it has them). */
export const comingSoon: Partial<Record<TabId, readonly string[]>> = {
  integrations: [
    'Per-provider Client ID, Client Secret and Tenant ID',
    'Register Integration',
    'Support / Remove Support',
  ],
};
