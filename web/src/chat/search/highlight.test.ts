import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('a text cut at its matched words', () => {
  it('marks each range, keeps the text between', () => {
    expect(highlightParts('the Lisbon trip', [{ start: 4, length: 6 }])).toEqual([
      { text: 'the ', marked: false },
      { text: 'Lisbon', marked: true },
      { text: ' trip', marked: false },
    ]);
  });

  it('shows markup as text: the parts are strings, never HTML', () => {
    const parts = highlightParts('<b>x</b> <img src=x onerror=alert(1)>', [{ start: 3, length: 1 }]);
    expect(parts.map((p) => p.text).join('')).toBe('<b>x</b> <img src=x onerror=alert(1)>');
    expect(parts.filter((p) => p.marked)).toEqual([{ text: 'x', marked: true }]);
  });

  it('ignores ranges out of the text or overlapping one before', () => {
    expect(
      highlightParts('abc def', [
        { start: 0, length: 3 },
        { start: 1, length: 2 },
        { start: 5, length: 9 },
      ]),
    ).toEqual([
      { text: 'abc', marked: true },
      { text: ' def', marked: false },
    ]);
    expect(highlightParts('', [])).toEqual([{ text: '', marked: false }]);
  });
});
