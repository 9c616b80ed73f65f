import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import { fenceKind, fenceOfPre, languageOfClass } from './code-fence';

const pre = (className: string[] | undefined, text: string): Element => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [
    {
      type: 'element',
      tagName: 'code',
      properties: className ? { className } : {},
      children: [{ type: 'text', value: text }],
    },
  ],
});

describe('fences', () => {
  it('reads the language and text of a <pre><code>, without the closing newline', () => {
    expect(fenceOfPre(pre(['language-TypeScript'], 'const a = 1;\n'))).toEqual({
      language: 'typescript',
      text: 'const a = 1;',
    });
    expect(fenceOfPre(pre(undefined, 'plain\n'))).toEqual({ language: '', text: 'plain' });
    expect(languageOfClass('language-vega-lite other')).toBe('vega-lite');
  });

  it('mermaid is a diagram, vega and vega-lite are charts, a Vega ```json is a chart, the rest is code', () => {
    const spec = JSON.stringify({ $schema: 'https://vega.github.io/schema/vega-lite/v6.json', mark: 'bar' });
    expect(fenceKind({ language: 'mermaid', text: 'graph TD' })).toBe('diagram');
    expect(fenceKind({ language: 'vega', text: '{' })).toBe('chart');
    expect(fenceKind({ language: 'vega-lite', text: '{' })).toBe('chart');
    expect(fenceKind({ language: 'json', text: spec })).toBe('chart');
    expect(fenceKind({ language: 'json', text: '{"a": 1}' })).toBe('code');
    expect(fenceKind({ language: 'python', text: spec })).toBe('code');
    expect(fenceKind({ language: '', text: 'x' })).toBe('code');
  });
});

describe('the built-in assistants’ blocks', () => {
  it('```assistant, ```APIdoc, ```APIkey, ```auto and ```autoArtifacts are blocks, whatever their case', () => {
    for (const language of ['assistant', 'APIdoc', 'APIkey', 'auto', 'autoArtifacts']) {
      expect(fenceKind(fenceOfPre(pre([`language-${language}`], '{}\n')))).toBe('block');
    }
    expect(fenceKind({ language: 'automation', text: '' })).toBe('code');
  });
});
