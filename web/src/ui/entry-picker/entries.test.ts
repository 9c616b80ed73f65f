import { describe, expect, it } from 'vitest';
import { parseEmailEntries, parseNameEntries, splitEntries } from './entries';

describe('splitEntries', () => {
  it('splits on comma, semicolon and newline and drops blanks', () => {
    expect(splitEntries(' a@x.org, b@x.org;c@x.org\n\r\nd@x.org ;; ')).toEqual([
      'a@x.org',
      'b@x.org',
      'c@x.org',
      'd@x.org',
    ]);
  });
});

describe('parseEmailEntries', () => {
  it('lower-cases and trims', () => {
    expect(parseEmailEntries('  Jane.Doe@Example.COM ', [])).toEqual({
      accepted: ['jane.doe@example.com'],
      rejected: [],
    });
  });

  it('rejects invalid entries and keeps the valid ones', () => {
    expect(parseEmailEntries('a@x.org, not-an-email; b@x.org', [])).toEqual({
      accepted: ['a@x.org', 'b@x.org'],
      rejected: ['not-an-email'],
    });
  });

  it('rejects duplicates of the list and of each other', () => {
    expect(parseEmailEntries('A@x.org\nb@x.org\nB@X.org', ['a@x.org'])).toEqual({
      accepted: ['b@x.org'],
      rejected: ['A@x.org', 'B@X.org'],
    });
  });
});

describe('parseNameEntries', () => {
  it('keeps the case of names and rejects duplicates', () => {
    expect(parseNameEntries('Engineering, Sales;Engineering', ['Sales'])).toEqual({
      accepted: ['Engineering'],
      rejected: ['Sales', 'Engineering'],
    });
  });
});
