import { describe, expect, it } from 'vitest';
import { collapseFileName, displayFileName, fileExtension } from './file-name';

describe('file names', () => {
  it('collapses every run of spaces and underscores into one underscore', () => {
    expect(collapseFileName('my  annual__report _ 2024.pdf')).toBe('my_annual_report_2024.pdf');
    expect(collapseFileName('plain.txt')).toBe('plain.txt');
  });

  it('shows at most 12 characters, with an ellipsis when there was more', () => {
    expect(displayFileName('notes.txt')).toBe('notes.txt');
    expect(displayFileName('twelve_chars')).toBe('twelve_chars');
    expect(displayFileName('thirteen_char')).toBe('thirteen_cha…');
  });

  it('reads the extension after the last dot, lower-cased', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBeNull();
    expect(fileExtension('.env')).toBeNull();
    expect(fileExtension('trailing.')).toBeNull();
  });
});
