import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, DuckDB files, loopback HTTP) and `temporal` (workflow and
 * end-to-end tests on one Temporal dev server per run, started by the global setup).
 * `vitest run --project unit` skips the server.
 *
 * The unit files run two at a time (most of their time is spent waiting on child processes, sockets
 * and timers); then the temporal files one at a time, since they share the one dev server and start
 * whole services whose timings they measure.
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
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: TEMPORAL_SUITES,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'temporal',
          include: TEMPORAL_SUITES,
          globalSetup: ['test/global-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
