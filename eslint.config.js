// @ts-check
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { commandZones } from './eslint/command-zones.js';
import { queryZones } from './eslint/query-zones.js';
import { webZones } from './eslint/web-zones.js';

// Layer rules (docs/architecture.md, "Layers"): nothing imports upward. One `no-restricted-imports`
// per folder; a file matched by two of these blocks gets the later one only, so each block lists
// everything its folder may not import.
const pkg = (name, why) => ({ group: [name, `${name}/*`], message: why });
const rel = (folders, why) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message: why });
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** Each folder under web/src/admin/ that holds one tab of the Admin Interface. */
const adminTabs = [
  'application-variables',
  'configurations',
  'embeddings',
  'feature-data',
  'feature-flags',
  'integrations',
  'openai-endpoints',
  'ops',
  'supported-models',
  'usage',
];
const otherTabs = (tab) => adminTabs.filter((t) => t !== tab);
const tabRule = (tabs) =>
  rel(
    tabs.flatMap((t) => [t, `admin/${t}`]),
    'No admin tab imports another tab (nor do the shared actions): shared pieces live in web/src/admin/{actions,shell,endpoint-tests} or web/src/state.',
  );

const webMayNot = [
  ...[
    '@app/platform',
    '@app/command',
    '@app/query',
    '@app/workers',
    '@app/standalone',
    '@app/migrations',
  ].map((name) =>
    pkg(name, 'The web app talks to the services over HTTP and /live only: import @app/contracts.'),
  ),
  rel(['services'], 'The web app never imports a service.'),
];
/** Service tests share one harness (services/query/test/support/test-platform.ts): exempt. */
const serviceTests = ['services/*/test/**'];

const layerRules = [
  restrict(
    ['contracts/**'],
    [
      ...[
        '@app/platform',
        '@app/command',
        '@app/query',
        '@app/workers',
        '@app/standalone',
        '@app/migrations',
        '@app/web',
      ].map((name) => pkg(name, 'contracts/ imports nothing of ours.')),
      rel(['services', 'web', 'migrations'], 'contracts/ imports nothing of ours.'),
    ],
  ),
  restrict(
    ['services/platform/**'],
    [
      ...['@app/command', '@app/query', '@app/workers', '@app/standalone'].map((name) =>
        pkg(
          name,
          'platform is what every service stands on: it imports contracts (and the schema types of migrations).',
        ),
      ),
      rel(['command', 'query', 'workers', 'standalone'], 'platform imports no other service.'),
    ],
    serviceTests,
  ),
  restrict(
    ['services/query/**'],
    [
      ...['@app/command', '@app/workers', '@app/standalone'].map((name) =>
        pkg(name, 'query never imports command: shared logic belongs in contracts or platform.'),
      ),
      rel(
        ['command', 'workers', 'standalone'],
        'query never imports command: shared logic belongs in contracts or platform.',
      ),
    ],
    serviceTests,
  ),
  restrict(
    ['services/command/**'],
    [
      ...['@app/query', '@app/workers', '@app/standalone'].map((name) =>
        pkg(name, 'command never imports query or workers: shared logic belongs in contracts or platform.'),
      ),
      rel(['query', 'workers', 'standalone'], 'command never imports query or workers.'),
    ],
    serviceTests,
  ),
  restrict(
    ['services/workers/**'],
    [
      ...['@app/query', '@app/standalone'].map((name) =>
        pkg(name, 'workers import contracts, platform and command only.'),
      ),
      rel(['query', 'standalone'], 'workers import contracts, platform and command only.'),
    ],
    serviceTests,
  ),
  restrict(['web/**'], webMayNot),
  restrict(
    ['web/src/{app,auth,state,api,ui}/**'],
    [
      ...webMayNot,
      rel(
        ['admin'],
        'The Admin Interface is loaded lazily (AppShell): nothing outside it imports it statically.',
      ),
    ],
  ),
  restrict(['web/src/admin/{actions,endpoint-tests}/**'], [...webMayNot, tabRule(adminTabs)]),
  ...adminTabs.map((tab) => restrict([`web/src/admin/${tab}/**`], [...webMayNot, tabRule(otherTabs(tab))])),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-data/**',
      'eslint.config.js',
      'eslint/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      'no-console': 'error',
      'no-alert': 'error',
      // Fastify plugins and decorators are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/test/**', '**/*.test.ts', 'bench/**', '**/cli/**', 'test/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...layerRules,
  {
    // One folder per capability, one way (docs/architecture.md, "Layers"), and no import cycle.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without .ts here import-x reads no TypeScript module, and no-cycle sees no import at all.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...commandZones, ...queryZones, ...webZones] }],
    },
  },
);
