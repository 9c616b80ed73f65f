import { describe, expect, it } from 'vitest';
import { insertPlaceholder, parseCost, placeholdersHint, previewAlert, setCostAlert } from './cost-alert';

describe('prompt cost alert', () => {
  it('names the placeholders as the message writes them', () => {
    expect(placeholdersHint).toBe('Supports the placeholders <totalCost> and <prompts>.');
  });

  it('takes a cost of at least 0 in steps of 0.01', () => {
    expect(parseCost('2.5')).toBe(2.5);
    expect(parseCost(' 0 ')).toBe(0);
    expect(parseCost('0.07')).toBe(0.07);
    expect(parseCost('-1')).toBeNull();
    expect(parseCost('1.234')).toBeNull();
    expect(parseCost('')).toBeNull();
    expect(parseCost('abc')).toBeNull();
  });

  it('inserts a placeholder at the caret', () => {
    expect(insertPlaceholder('Spent  today', '<totalCost>', 6, 6)).toEqual({
      message: 'Spent <totalCost> today',
      caret: 17,
    });
    expect(insertPlaceholder('Spent X', '<prompts>', 6, 7)).toEqual({
      message: 'Spent <prompts>',
      caret: 15,
    });
    expect(insertPlaceholder('', '<prompts>', 5, 9)).toEqual({ message: '<prompts>', caret: 9 });
  });

  it('previews the message with example values', () => {
    expect(previewAlert('You spent <totalCost> on <prompts> prompts')).toBe('You spent $12.50 on 42 prompts');
  });

  it('edits one field', () => {
    const value = { isActive: false, alertMessage: '', cost: 0 };
    expect(setCostAlert(value, 'cost', 3)).toEqual({ isActive: false, alertMessage: '', cost: 3 });
  });
});
