import { describe, expect, it } from 'vitest';
import { historyColumn, savedItem } from './history-column';

interface Row {
  name: string;
  isNew: boolean;
}

describe('a table row history column', () => {
  const itemOf = savedItem<Row>((row) => row.name);

  it("names a saved row's item, and no item for a row not saved yet", () => {
    expect(itemOf({ name: 'beta', isNew: false })).toBe('beta');
    expect(itemOf({ name: 'draft', isNew: true })).toBeNull();
  });

  it("hands the cell the section and the row's item", () => {
    const column = historyColumn<Row>('featureFlags', itemOf);
    expect(column.colId).toBe('history');
    expect(column.cellRendererParams).toEqual({ section: 'featureFlags', itemOf });
  });
});
