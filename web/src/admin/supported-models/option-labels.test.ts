import { describe, expect, it } from 'vitest';
import { defaultModel, type Model } from '@app/contracts';
import { optionLabel } from './option-labels';

const model = (id: string, name: string): Model => ({ ...defaultModel(), id, name });

describe('optionLabel', () => {
  it('is the name, with the id only when two options share a name', () => {
    const a = model('gpt-4o', 'GPT 4o');
    const b = model('gpt-4o-azure', 'GPT 4o');
    const c = model('mini', 'Mini');
    expect(optionLabel(c, [a, b, c])).toBe('Mini');
    expect(optionLabel(a, [a, b, c])).toBe('GPT 4o (gpt-4o)');
    expect(optionLabel(b, [a, b])).toBe('GPT 4o (gpt-4o-azure)');
  });
});
