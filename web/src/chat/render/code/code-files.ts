import { renderMessages } from '@app/contracts';

/** File extensions of the languages models write most, by fence name (aliases included). */
const extensions: Record<string, string> = {
  bash: 'sh',
  sh: 'sh',
  shell: 'sh',
  zsh: 'sh',
  powershell: 'ps1',
  ps1: 'ps1',
  bat: 'bat',
  c: 'c',
  h: 'h',
  cpp: 'cpp',
  'c++': 'cpp',
  csharp: 'cs',
  cs: 'cs',
  'c#': 'cs',
  css: 'css',
  scss: 'scss',
  less: 'less',
  csv: 'csv',
  dart: 'dart',
  diff: 'diff',
  dockerfile: 'Dockerfile',
  elixir: 'ex',
  go: 'go',
  graphql: 'graphql',
  groovy: 'groovy',
  haskell: 'hs',
  html: 'html',
  ini: 'ini',
  java: 'java',
  javascript: 'js',
  js: 'js',
  jsx: 'jsx',
  json: 'json',
  jsonc: 'json',
  julia: 'jl',
  kotlin: 'kt',
  kt: 'kt',
  latex: 'tex',
  tex: 'tex',
  lua: 'lua',
  makefile: 'mk',
  markdown: 'md',
  md: 'md',
  matlab: 'm',
  mermaid: 'mmd',
  objectivec: 'm',
  perl: 'pl',
  php: 'php',
  python: 'py',
  py: 'py',
  r: 'r',
  ruby: 'rb',
  rb: 'rb',
  rust: 'rs',
  rs: 'rs',
  scala: 'scala',
  sql: 'sql',
  svg: 'svg',
  swift: 'swift',
  terraform: 'tf',
  toml: 'toml',
  typescript: 'ts',
  ts: 'ts',
  tsx: 'tsx',
  vega: 'json',
  'vega-lite': 'json',
  vb: 'vb',
  xml: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
};

/** The extension of a fence's language; `txt` for none or one we do not know. */
export const extensionOf = (language: string): string => {
  const key = language.toLowerCase();
  return (Object.hasOwn(extensions, key) ? extensions[key] : undefined) ?? 'txt';
};

/** The name the download form offers: `code.<extension>` (a Dockerfile is just `Dockerfile`). */
export const defaultFileName = (language: string): string => {
  const ext = extensionOf(language);
  return ext === 'Dockerfile' ? ext : `code.${ext}`;
};

export const fileNameLimit = 255;

/** What is wrong with a file name typed for a download, or null. */
export const fileNameProblem = (name: string): string | null => {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed === '.' || trimmed === '..') return renderMessages.fileNameRequired;
  if (/[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed.length > fileNameLimit)
    return renderMessages.fileNameInvalid;
  return null;
};
