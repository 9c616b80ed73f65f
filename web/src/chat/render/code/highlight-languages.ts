/** The languages code blocks are highlighted in: the common ones, each loaded on first use. */
export const highlightLanguages = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'json',
  'python',
  'shellscript',
  'powershell',
  'sql',
  'html',
  'xml',
  'css',
  'scss',
  'java',
  'kotlin',
  'go',
  'rust',
  'c',
  'cpp',
  'csharp',
  'php',
  'ruby',
  'swift',
  'yaml',
  'toml',
  'ini',
  'dockerfile',
  'markdown',
  'diff',
] as const;

export type HighlightLanguage = (typeof highlightLanguages)[number];

/** The other names a fence gives these languages. */
const aliases: Record<string, HighlightLanguage> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  jsonc: 'json',
  json5: 'json',
  py: 'python',
  python3: 'python',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  ps1: 'powershell',
  ps: 'powershell',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
  htm: 'html',
  svg: 'xml',
  kt: 'kotlin',
  golang: 'go',
  rs: 'rust',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  rb: 'ruby',
  yml: 'yaml',
  docker: 'dockerfile',
  md: 'markdown',
  patch: 'diff',
};

const known = new Set<string>(highlightLanguages);
const isHighlightLanguage = (name: string): name is HighlightLanguage => known.has(name);

/** The language a fence's name (`ts`, `Python`, `c++`...) is highlighted in; null: shown plain. */
export const highlightLanguageOf = (fenceLanguage: string): HighlightLanguage | null => {
  const name = fenceLanguage.trim().toLowerCase();
  if (isHighlightLanguage(name)) return name;
  return Object.hasOwn(aliases, name) ? (aliases[name] ?? null) : null;
};
