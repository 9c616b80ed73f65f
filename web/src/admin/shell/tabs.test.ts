import { describe, expect, it } from 'vitest';
import { adminTabs, tabLabel, visibleTabs } from './tabs';

describe('admin tabs', () => {
  it('lists the spec tabs in order', () => {
    expect(adminTabs.map((t) => t.label)).toEqual([
      'Configurations',
      'Supported Models',
      'Application Variables',
      'OpenAi Endpoints',
      'Feature Flags',
      'Feature Data',
      'Ops',
      'Embeddings',
      'Integrations',
      'Usage',
    ]);
  });
  it('hides Integrations until integration data was loaded', () => {
    expect(visibleTabs(false).map((t) => t.id)).not.toContain('integrations');
    expect(visibleTabs(true).map((t) => t.id)).toContain('integrations');
  });
  it('marks a tab with unsaved edits', () => {
    const first = adminTabs[0]!;
    expect(tabLabel(first, true)).toBe('Configurations *');
    expect(tabLabel(first, false)).toBe('Configurations');
  });
});
