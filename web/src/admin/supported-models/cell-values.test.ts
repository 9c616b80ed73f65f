import { describe, expect, it } from 'vitest';
import { defaultModel } from '@app/contracts';
import { flagText, formatCost, formatCount } from './cell-values';
import type { ModelRow } from './model-edits';

const row = (over: Partial<ModelRow>): ModelRow => ({
  ...defaultModel(),
  isNew: false,
  isEmbedding: false,
  ...over,
});

describe('cell values', () => {
  it('shows N/A for an embedding model’s availability, images and reasoning', () => {
    const embedding = row({ id: 'text-embed', isEmbedding: true, supportsSystemPrompts: true });
    expect(flagText(embedding, 'isAvailable')).toBe('N/A');
    expect(flagText(embedding, 'supportsImages')).toBe('N/A');
    expect(flagText(embedding, 'supportsReasoning')).toBe('N/A');
    expect(flagText(embedding, 'supportsSystemPrompts')).toBe('Yes');
    expect(flagText(row({ supportsImages: true }), 'supportsImages')).toBe('Yes');
    expect(flagText(row({}), 'supportsReasoning')).toBe('No');
  });

  it('formats counts and costs', () => {
    expect(formatCount(128000)).toBe('128,000');
    expect(formatCost(0.0025)).toBe('$0.0025');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.00015)).toBe('$0.00015');
  });
});
