import { DECLARATION_REFRESHER_WORKFLOW_ID } from '../config/index.js';
import { cliOptions, cliSettingsBeside, DEMO_OPTION, runCli, UsageError } from '../runtime/cli-command.js';
import { declarationRefreshHealth, requestDeclarationRefreshNow } from '../runtime/declarations.js';
import { connectTemporal, findTemporal } from '../runtime/temporal-target.js';

/**
 * The declaration refresher from the command line, against the running service's Temporal
 * (runtime/temporal-target.ts: TEMPORAL_ADDRESS, else the service running over DATA_DIR, else the
 * dev server's default address).
 */
const USAGE = `usage:
  npm run declarations -- refresh [--demo]   refresh every declaration source now (starts the refresher if none runs)
  npm run declarations -- health [--demo]    the refresher's health per source, as JSON
  npm run declarations -- --help

The refresher is the workflow ${DECLARATION_REFRESHER_WORKFLOW_ID}; the schedule declarations-refresh wakes it
every DECLARATIONS_REFRESH_MINUTES. A failed refresh publishes nothing: the last good records stay served.
The commands reach the service running over DATA_DIR (default data/; --demo: the demo's, data/demo/)
wherever its Temporal listens (DATA_DIR/service.json), or the Temporal that TEMPORAL_ADDRESS names.`;

async function withRefresher(args: string[], command: 'refresh' | 'health'): Promise<number> {
  const { values, positionals } = cliOptions(args, DEMO_OPTION);
  if (positionals.length > 0) throw new UsageError(`${command} takes no arguments`);
  const settings = await cliSettingsBeside(values);
  const target = await findTemporal(settings);
  const { client, close } = await connectTemporal(target);
  try {
    if (command === 'refresh') {
      // The refresher runs on the service's own task queues, whatever this shell's settings say.
      await requestDeclarationRefreshNow(client, {
        ...settings,
        INGEST_TASK_QUEUE: target.ingestTaskQueue,
        WAREHOUSE_TASK_QUEUE: target.warehouseTaskQueue,
      });
      console.error(
        `refresh requested; follow it with: npm run declarations -- health${values.demo ? ' --demo' : ''}`,
      );
    } else {
      console.log(JSON.stringify(await declarationRefreshHealth(client), null, 2));
    }
    return 0;
  } finally {
    await close();
  }
}

await runCli('declarations', USAGE, {
  refresh: (args) => withRefresher(args, 'refresh'),
  health: (args) => withRefresher(args, 'health'),
});
