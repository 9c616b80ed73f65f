import { describe, expect, it } from 'vitest';
import { disabledMessageOf, effectiveChoice, groupChoiceDefaultMessage } from './group-choice';

const options = [
  { id: 'a', label: 'Law', disabled: true },
  { id: 'b', label: 'Tax' },
  { id: 'c', label: 'Art', disabled: true, disabledMessage: 'Ask the group admin.' },
];

describe('the group-choice radio list', () => {
  it('a disabled option says why: its own message, else the default', () => {
    expect(groupChoiceDefaultMessage).toBe('Conversation is not available for this group.');
    expect(options.map(disabledMessageOf)).toEqual([groupChoiceDefaultMessage, null, 'Ask the group admin.']);
  });

  it('shows the choice when it may be chosen, else the first that may, else none', () => {
    expect(effectiveChoice(options, 'b')).toBe('b');
    expect(effectiveChoice(options, 'a')).toBe('b');
    expect(effectiveChoice(options, null)).toBe('b');
    expect(effectiveChoice([options[0]!], 'a')).toBeNull();
  });
});
