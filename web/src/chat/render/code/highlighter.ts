import { createHighlighterCore, type HighlighterCore, type LanguageInput } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { HighlightLanguage } from './highlight-languages';
import { wholeTokens } from './whole-tokens';

/** One grammar module per language, fetched the first time a block in that language shows. */
const grammars: Record<HighlightLanguage, () => LanguageInput> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  powershell: () => import('shiki/langs/powershell.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  scss: () => import('shiki/langs/scss.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
};

/** The themes of the app's light and dark looks (GitHub's, readable on our surfaces). */
const themes = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** A highlighted piece of a line: its text and its colour (and style) in each theme. */
export interface CodeToken {
  content: string;
  light: string;
  dark: string;
  italic: boolean;
  bold: boolean;
}

let highlighter: Promise<HighlighterCore> | null = null;
const loadedLanguages = new Map<HighlightLanguage, Promise<void>>();

/** Shiki's core with the JavaScript regex engine (no WebAssembly, which the page's CSP refuses). */
const core = (): Promise<HighlighterCore> => {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  highlighter.catch(() => {
    highlighter = null;
  });
  return highlighter;
};

const withLanguage = async (language: HighlightLanguage): Promise<HighlighterCore> => {
  const h = await core();
  let loading = loadedLanguages.get(language);
  if (!loading) {
    loading = h.loadLanguage(grammars[language]());
    loadedLanguages.set(language, loading);
    loading.catch(() => loadedLanguages.delete(language));
  }
  await loading;
  return h;
};

const fontStyleBits = { italic: 1, bold: 2 } as const;

/** Shiki's time limit for one line's tokens (its default). */
const tokenizeTimeLimit = 500;

/** The code's lines as tokens coloured for both themes. */
export const highlightCode = async (code: string, language: HighlightLanguage): Promise<CodeToken[][]> => {
  const h = await withLanguage(language);
  const lines = wholeTokens(
    () => h.codeToTokensWithThemes(code, { lang: language, themes, tokenizeTimeLimit }),
    tokenizeTimeLimit,
  );
  return lines.map((line) =>
    line.map((token) => {
      const light = token.variants['light'];
      const dark = token.variants['dark'];
      const fontStyle = light?.fontStyle ?? 0;
      return {
        content: token.content,
        light: light?.color ?? '',
        dark: dark?.color ?? '',
        italic: fontStyle > 0 && (fontStyle & fontStyleBits.italic) !== 0,
        bold: fontStyle > 0 && (fontStyle & fontStyleBits.bold) !== 0,
      };
    }),
  );
};
