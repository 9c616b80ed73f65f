import type { ModelRow } from './model-edits';

/** The toggles an embedding model does not have: the table shows N/A for them. */
export type ModelFlagField = 'isAvailable' | 'supportsImages' | 'supportsReasoning' | 'supportsSystemPrompts';
const notForEmbedding: readonly ModelFlagField[] = ['isAvailable', 'supportsImages', 'supportsReasoning'];

export const flagText = (row: ModelRow, field: ModelFlagField): 'Yes' | 'No' | 'N/A' => {
  if (row.isEmbedding && notForEmbedding.includes(field)) return 'N/A';
  return row[field] ? 'Yes' : 'No';
};

/** Window and limit as token counts: 128000 → '128,000'. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** A cost per 1k tokens in dollars, every decimal kept: 0.0025 → '$0.0025'. */
export const formatCost = (n: number): string =>
  `$${n.toLocaleString('en-US', { maximumFractionDigits: 10 })}`;
