import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import type { TestProject } from 'vitest/node';

import { loadSettings } from '../config/env.js';
import { PROJECT_ROOT } from '../runtime/paths.js';
import { findFreePort } from '../runtime/ports.js';
import { requireTemporalCli } from '../runtime/temporal-cli.js';
import { startTemporalDevServer, type TemporalDevServer } from '../runtime/temporal-dev-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the run's Temporal dev server (namespace "default"). */
    temporalAddress: string;
    /** File holding the bundled workflows/index.ts, for `Worker.create({ workflowBundle: { codePath } })`. */
    workflowBundlePath: string;
    /** Where suites write the histories of their workflows (RECORD_WORKFLOW_HISTORIES); '' when not recording. */
    recordHistoriesDir: string;
  }
}

const WORKFLOWS_PATH = join(PROJECT_ROOT, 'workflows', 'index.ts');

async function bundleWorkflows(outFile: string): Promise<void> {
  if (!existsSync(WORKFLOWS_PATH)) throw new Error(`${WORKFLOWS_PATH} does not exist`);
  // The bundler's own webpack config already maps `.js` specifiers onto `.ts` files
  // (resolve.extensionAlias), so the project's NodeNext-style imports resolve as they are.
  const bundle = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    logger: new DefaultLogger('WARN'),
  });
  await writeFile(outFile, bundle.code);
}

const seconds = (startMs: number): string => `${((performance.now() - startMs) / 1000).toFixed(1)} s`;

/**
 * One Temporal dev server (fresh SQLite file, free ports) and one workflow bundle for the whole test run.
 * Test files read them with `inject('temporalAddress')` and `inject('workflowBundlePath')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const settings = loadSettings();
  const cliPath = requireTemporalCli(settings, PROJECT_ROOT);
  const [port, uiPort] = [await findFreePort(), await findFreePort()];
  const workDir = await mkdtemp(join(tmpdir(), 'eids-test-temporal-'));
  const bundlePath = join(workDir, 'workflow-bundle.js');
  const serverStarted = performance.now();
  const serverPromise = startTemporalDevServer({
    cliPath,
    port,
    uiPort,
    dbFile: join(workDir, 'temporal.db'),
    namespace: 'default',
  }).then((server) => ({ server, took: seconds(serverStarted) }));
  const bundleStarted = performance.now();
  const bundlePromise = bundleWorkflows(bundlePath).then(() => seconds(bundleStarted));
  const [serverResult, bundleResult] = await Promise.allSettled([serverPromise, bundlePromise]);

  const server: TemporalDevServer | undefined =
    serverResult.status === 'fulfilled' ? serverResult.value.server : undefined;
  // Last resort if the run dies without reaching teardown: never leave a server behind.
  const killOnExit = (): void => {
    if (server?.pid !== undefined) {
      try {
        process.kill(server.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', killOnExit);

  const teardown = async (): Promise<void> => {
    await server?.stop();
    process.removeListener('exit', killOnExit);
    await rm(workDir, { recursive: true, force: true });
  };

  if (serverResult.status === 'rejected') {
    await teardown();
    throw serverResult.reason;
  }
  if (bundleResult.status === 'rejected') {
    await teardown();
    const reason: unknown = bundleResult.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    throw new Error(`Bundling ${WORKFLOWS_PATH} failed: ${message}`, { cause: reason });
  }

  const { address, uiUrl } = serverResult.value.server;
  console.log(
    `[global-setup] Temporal dev server at ${address} (UI ${uiUrl}) ready in ${serverResult.value.took}; ` +
      `workflows bundled in ${bundleResult.value}`,
  );
  project.provide('temporalAddress', address);
  project.provide('workflowBundlePath', bundlePath);
  project.provide(
    'recordHistoriesDir',
    settings.RECORD_WORKFLOW_HISTORIES ? resolve(PROJECT_ROOT, settings.RECORD_WORKFLOW_HISTORIES) : '',
  );
  return teardown;
}
