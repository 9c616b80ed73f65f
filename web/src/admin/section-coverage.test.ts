import { describe, expect, it } from 'vitest';
import { sectionLabels, sectionTypes } from '@app/contracts';
import { sectionDefs } from '../state/section-list';
import { configurationCards } from './configurations/cards';
import { tabPanel } from './shell/tab-panels';
import { adminTabs } from './shell/tabs';

describe('every configuration section of the contracts is edited in the Admin Interface', () => {
  it.each(sectionTypes)(
    '%s: a definition, one tab with content, a card on the Configurations tab',
    (type) => {
      const def = sectionDefs[type];
      expect(def, `${type} has no entry in web/src/state/section-list.ts`).toBeDefined();
      expect(def.type).toBe(type);
      expect(def.label).toBe(sectionLabels[type]);
      expect(adminTabs.filter((t) => t.sections.includes(type)).map((t) => t.id)).toEqual([def.tab]);
      expect(tabPanel(def.tab), `the tab ${def.tab} of ${type} has no content`).not.toBeNull();
      if (def.tab === 'configurations')
        expect(
          Object.hasOwn(configurationCards, type),
          `${type} has no card in configurations/cards.ts`,
        ).toBe(true);
    },
  );

  // Tabs that act through routes of their own (uploads, the embeddings queue, ops, integrations, usage reports), not configuration sections.
  const tabsWithOwnRoutes = new Set(['featureData', 'embeddings', 'ops', 'integrations', 'usage']);

  it('shows no tab content that edits nothing (a tab with content names its sections or acts by its own routes)', () => {
    for (const tab of adminTabs)
      expect(tab.sections.length > 0 || tabsWithOwnRoutes.has(tab.id), `${tab.id}`).toBe(
        tabPanel(tab.id) !== null,
      );
  });
});
