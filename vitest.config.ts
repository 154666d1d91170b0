import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, DuckDB files, loopback HTTP) and `temporal` (workflow and
 * end-to-end tests on one Temporal dev server per run, started by the global setup).
 * `vitest run --project unit` skips the server.
 */
const TEMPORAL_SUITES = [
  'test/workflows/**/*.test.ts',
  'test/e2e/**/*.test.ts',
  'test/temporal/**/*.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: TEMPORAL_SUITES },
      },
      {
        extends: true,
        test: { name: 'temporal', include: TEMPORAL_SUITES, globalSetup: ['test/global-setup.ts'] },
      },
    ],
  },
});
