import { Client, Connection } from '@temporalio/client';
import { parseArgs } from 'node:util';
import { ConfigError, DECLARATION_REFRESHER_WORKFLOW_ID, loadSettings } from '../config/index.js';
import { declarationRefreshHealth, requestDeclarationRefreshNow } from '../runtime/declarations.js';

/**
 * The declaration refresher from the command line, against the running service's Temporal
 * (TEMPORAL_ADDRESS, or the local dev server `npm start` and `npm run demo` run).
 */
const USAGE = `usage:
  npm run declarations -- refresh   refresh every declaration source now (starts the refresher if none runs)
  npm run declarations -- health    the refresher's health per source, as JSON
  npm run declarations -- --help

The refresher is the workflow ${DECLARATION_REFRESHER_WORKFLOW_ID}; the schedule declarations-refresh wakes it
every DECLARATIONS_REFRESH_MINUTES. A failed refresh publishes nothing: the last good records stay served.`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
const [command] = parsed.positionals;
if (parsed.values.help || (command !== 'refresh' && command !== 'health')) {
  console.log(USAGE);
  process.exit(parsed.values.help ? 0 : 2);
}

let settings;
try {
  settings = loadSettings();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const address = settings.TEMPORAL_ADDRESS ?? `127.0.0.1:${settings.TEMPORAL_DEV_PORT}`;
const connection = await Connection.connect({ address }).catch((error: unknown) => {
  console.error(`cannot reach Temporal at ${address} (is the service running?): ${String(error)}`);
  process.exit(1);
});
try {
  const client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  if (command === 'refresh') {
    await requestDeclarationRefreshNow(client, settings);
    console.error(`refresh requested; follow it with: npm run declarations -- health`);
  } else {
    console.log(JSON.stringify(await declarationRefreshHealth(client), null, 2));
  }
} finally {
  await connection.close();
}
