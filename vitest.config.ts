import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure code, DuckDB files, loopback HTTP), `temporal` (workflow and
 * end-to-end tests on one Temporal dev server per run, started by the global setup) and `docs` (every
 * command the docs print, run against a demo of its own). `vitest run --project unit` skips the server.
 *
 * The unit files run two at a time (most of their time is spent waiting on child processes, sockets
 * and timers), and beside them the docs' commands (mostly waiting on the demo); then the temporal
 * files one at a time, since they share the one dev server and start whole services whose timings
 * they measure.
 */
const TEMPORAL_SUITES = [
  'test/workflows/**/*.test.ts',
  'test/e2e/**/*.test.ts',
  'test/temporal/**/*.test.ts',
];
const DOCS_SUITES = ['test/docs/doc-commands-live.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // vitest's summary, then one plain line of the counts (test/support/closing-line-reporter.ts).
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...TEMPORAL_SUITES, ...DOCS_SUITES],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The same maxWorkers as `unit`, so both are one group sharing its two workers; vitest puts
        // a project of maxWorkers 1 in a group of its own after every other, and projects of one group
        // start in name order, so `docs` takes one worker from the start and `unit` the other.
        test: { name: 'docs', include: DOCS_SUITES, maxWorkers: 2, sequence: { groupOrder: 0 } },
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
