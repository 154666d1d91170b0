import { join } from 'node:path';
import { cliOptions, cliSettings } from '../runtime/cli-command.js';
import { isListening } from '../runtime/ports.js';
import { startTemporalOnPostgres } from '../runtime/temporal-server.js';

/**
 * `npm run temporal-server -- [--port 7233] [--dir <folder>]`: a Temporal server on PostgreSQL (both
 * in the folder, by default DATA_DIR/temporal-postgres), with TEMPORAL_NAMESPACE registered, until
 * Ctrl-C. The first run builds the server into .tools/temporal-server/ (about 7 minutes). Workers and
 * the API then run against it with TEMPORAL_ADDRESS (docs/deploy.md).
 */
const say = (line: string) => console.log(`[temporal-server] ${line}`);
const { values } = cliOptions(process.argv.slice(2), { port: { type: 'string' }, dir: { type: 'string' } });
const settings = cliSettings();
const port = Number(values.port ?? 7233);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`[temporal-server] --port must be a port number (got ${values.port})`);
  process.exit(2);
}
if (await isListening(port)) {
  console.error(`[temporal-server] something already listens on 127.0.0.1:${port}: choose another --port`);
  process.exit(1);
}
try {
  const server = await startTemporalOnPostgres({
    dir: values.dir ?? join(settings.DATA_DIR, 'temporal-postgres'),
    frontendPort: port,
    namespace: settings.TEMPORAL_NAMESPACE,
    say,
  });
  say(`ready: export TEMPORAL_ADDRESS=${server.address} (Ctrl-C stops the server and PostgreSQL)`);
  const stop = () => {
    say('stopping');
    void server.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`[temporal-server] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
