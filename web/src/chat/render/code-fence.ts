import type { Element, ElementContent } from 'hast';
import { isBlockLanguage } from '@app/contracts';
import { looksLikeVegaJson } from './chart/vega-spec';

/** What a fenced code block of a message becomes. */
export type FenceKind = 'diagram' | 'chart' | 'block' | 'code';

export interface Fence {
  /** The fence's language, lower case; '' when none was given. */
  language: string;
  /** The code, without the newline the fence ends with. */
  text: string;
}

const chartLanguages = new Set(['vega', 'vega-lite', 'vegalite']);

/**
 * ```mermaid → diagram; ```vega / ```vega-lite, or ```json holding a Vega spec → chart; the built-in
 * assistants' blocks (```assistant, ```APIdoc, ```APIkey, ```auto, ```autoArtifacts) → block; else code.
 */
export const fenceKind = ({ language, text }: Fence): FenceKind => {
  if (language === 'mermaid') return 'diagram';
  if (isBlockLanguage(language)) return 'block';
  if (chartLanguages.has(language)) return 'chart';
  if (language === 'json' && looksLikeVegaJson(text)) return 'chart';
  return 'code';
};

const textOf = (nodes: readonly ElementContent[]): string =>
  nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('');

/** The language of a `language-xxx` class (react-markdown's `code` element), lower case. */
export const languageOfClass = (className: unknown): string => {
  const classes = Array.isArray(className)
    ? className
    : typeof className === 'string'
      ? className.split(' ')
      : [];
  for (const c of classes) {
    if (typeof c === 'string' && c.startsWith('language-')) return c.slice('language-'.length).toLowerCase();
  }
  return '';
};

/** A `<pre>` of the markdown tree as a fence: the language and text of its `<code>`. */
export const fenceOfPre = (pre: Element): Fence => {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const text = textOf(code ? code.children : pre.children);
  return {
    language: code ? languageOfClass(code.properties['className']) : '',
    text: text.endsWith('\n') ? text.slice(0, -1) : text,
  };
};
