import eslint from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The layout table (README "Layout"): which folder may import which. One row per folder; a value
 * import outside the row fails the lint. `types` lists folders a row may use for types only.
 */
const DOMAIN = ['clustering', 'declarations', 'gauges', 'geo'];
const layers = {
  model: { imports: [] },
  telemetry: { imports: [] },
  config: { imports: ['model'] },
  clustering: { imports: ['model'], types: ['config'] },
  geo: { imports: ['model'], types: ['config'] },
  gauges: { imports: ['model'], types: ['config'] },
  declarations: { imports: ['model', 'geo'], types: ['config'] },
  sources: { imports: ['model'] },
  lake: { imports: ['model', 'telemetry'] },
  exports: { imports: ['model'], types: ['config'] },
  subscriptions: { imports: ['model', 'geo'], types: ['config'] },
  warehouse: { imports: ['model', 'telemetry', 'config', 'lake', 'exports', ...DOMAIN] },
  channels: { imports: ['model', 'telemetry', 'config', 'subscriptions'] },
  workflows: { imports: ['model'], types: ['activities', 'channels', 'config'] },
  activities: {
    imports: [
      'model',
      'telemetry',
      'config',
      ...DOMAIN,
      'sources',
      'lake',
      'exports',
      'warehouse',
      'subscriptions',
    ],
    types: ['workflows'],
  },
  api: {
    imports: ['model', 'telemetry', 'config', 'lake', 'exports', 'subscriptions', 'channels', ...DOMAIN],
  },
  replay: { imports: ['model', 'config', 'sources', 'exports', ...DOMAIN] },
  runtime: { imports: '*' },
  scripts: { imports: '*' },
  bench: { imports: '*' },
  test: { imports: '*', except: ['bench'] },
};
const layerNames = Object.keys(layers);
const layerPolicies = layerNames.map((name) => {
  const { imports, types = [], except = [] } = layers[name];
  const allowed =
    imports === '*' ? layerNames.filter((other) => !except.includes(other)) : [name, ...imports];
  const allow = [{ to: { element: { types: allowed } } }];
  if (types.length > 0) allow.push({ to: { element: { types } }, dependency: { kind: 'type' } });
  return { from: { element: { type: name } }, allow };
});
const importBoundaries = {
  plugins: { boundaries, 'import-x': importX },
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' } },
    'import-x/extensions': ['.ts', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    'boundaries/elements': layerNames.map((name) => ({
      type: name,
      pattern: `${name}/**`,
      partialMatch: false,
    })),
    'boundaries/include': ['**/*.ts'],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          '{{from.element.type}}/ may not import {{to.element.type}}/ (the layout table in README.md, eslint.config.js)',
        policies: layerPolicies,
      },
    ],
  },
};

/** Workflow code is replayed deterministically: no I/O, no clocks of its own, no databases or HTTP. */
const workflowBans = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['node:*'], message: 'Workflows are deterministic: no Node built-ins.' },
        {
          group: [
            'fs',
            'fs/*',
            'path',
            'http',
            'https',
            'net',
            'crypto',
            'os',
            'child_process',
            'stream',
            'url',
            'util',
            'events',
            'worker_threads',
            'timers',
            'zlib',
            'dns',
          ],
          message: 'Workflows are deterministic: no Node built-ins.',
        },
        { group: ['@duckdb/*', 'duckdb'], message: 'Only the warehouse activity touches DuckDB.' },
        { group: ['hono', 'hono/*', '@hono/*'], message: 'Workflows do not serve HTTP.' },
        {
          group: ['@temporalio/worker', '@temporalio/client', '@temporalio/activity'],
          message: 'Workflows use @temporalio/workflow only.',
        },
        { group: ['node-fetch', 'undici', 'axios'], message: 'Workflows do no I/O: fetch in an activity.' },
        {
          group: ['**/activities/*', '../activities', '../activities/*'],
          importNamePattern: '.',
          message: 'Reach activities through proxyActivities with import type only.',
          allowTypeImports: true,
        },
      ],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "MemberExpression[property.name='continueAsNewSuggested']",
      message:
        'A replay may see another value than the original run did (ADR 20): continue as new after a count.',
    },
  ],
  'no-restricted-globals': [
    'error',
    { name: 'fetch', message: 'Workflows do no I/O: fetch in an activity.' },
    { name: 'process', message: 'Workflows do not read the environment.' },
    { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
  ],
};

/**
 * Files whose long functions are declarative tables (a literal list of columns, routes or catalogue
 * entries, one line per item), not computation: the function-length rule leaves them out.
 */
const DECLARATIVE_TABLES = [];

/** Code outside test/ never depends on test code (the replay server and generators live in replay/). */
const noTestImports = {
  group: ['**/test/**', '../test', './test'],
  message: 'Only tests import from test/: move what a benchmark shares with tests to replay/.',
};
workflowBans['no-restricted-imports'][1].patterns.push(noTestImports);

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      '.tools/**',
      'coverage/**',
      'api/docs/assets/**',
      'test/client/eids-api.d.ts',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts'],
    ignores: ['test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestImports] }] },
  },
  { files: ['**/*.ts'], ...importBoundaries },
  {
    // Production functions are read at once: a longer one is split along its work's own steps.
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    ignores: ['test/**', 'bench/**', ...DECLARATIVE_TABLES],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  { files: ['workflows/**/*.ts'], rules: workflowBans },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // process.env is read in one place only: config/env.ts.
    files: ['**/*.ts'],
    ignores: ['config/env.ts', 'workflows/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config/env.ts.' },
      ],
    },
  },
);
