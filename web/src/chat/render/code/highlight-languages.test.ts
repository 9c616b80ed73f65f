import { describe, expect, it } from 'vitest';
import { highlightLanguageOf, highlightLanguages } from './highlight-languages';

describe('highlightLanguageOf', () => {
  it('knows the common languages by name and by their usual short names', () => {
    expect(highlightLanguageOf('ts')).toBe('typescript');
    expect(highlightLanguageOf('TypeScript')).toBe('typescript');
    expect(highlightLanguageOf('py')).toBe('python');
    expect(highlightLanguageOf('bash')).toBe('shellscript');
    expect(highlightLanguageOf('sh')).toBe('shellscript');
    expect(highlightLanguageOf('c++')).toBe('cpp');
    expect(highlightLanguageOf('cs')).toBe('csharp');
    expect(highlightLanguageOf('yml')).toBe('yaml');
    expect(highlightLanguageOf('patch')).toBe('diff');
    for (const language of highlightLanguages) expect(highlightLanguageOf(language)).toBe(language);
  });

  it('shows other fences plain', () => {
    expect(highlightLanguageOf('')).toBeNull();
    expect(highlightLanguageOf('text')).toBeNull();
    expect(highlightLanguageOf('brainfuck')).toBeNull();
    expect(highlightLanguageOf('constructor')).toBeNull();
    expect(highlightLanguageOf('__proto__')).toBeNull();
  });
});
