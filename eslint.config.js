import eslint from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

/** Code outside test/ never depends on test code (the replay server and generators live in replay/). */
const noTestImports = {
  group: ['**/test/**', '../test', './test'],
  message: 'Only tests import from test/: move shared helpers to replay/ or bench/support/.',
};
workflowBans['no-restricted-imports'][1].patterns.push(noTestImports);

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', '.tools/**', 'coverage/**', 'api/docs/assets/**'] },
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
