import { spawn } from 'node:child_process';
import { childEnvironment } from '../config/index.js';
import { cliSettingsBeside } from '../runtime/cli-command.js';
import { PROJECT_ROOT } from '../runtime/paths.js';
import { requireTemporalCli } from '../runtime/temporal-cli.js';
import {
  findTemporal,
  NOTHING_LISTENS,
  targetListens,
  unreachableMessage,
} from '../runtime/temporal-target.js';

/**
 * `npm run temporal -- <arguments of the Temporal CLI> [--demo]`: the Temporal CLI the service uses
 * (TEMPORAL_CLI_PATH, `temporal` on PATH, or .tools/temporal/temporal), pointed at the service running
 * over DATA_DIR (--demo: the demo's) through the CLI's own TEMPORAL_ADDRESS and TEMPORAL_NAMESPACE
 * variables, so `--address` and `--namespace` are needed only to reach something else.
 */
const argv = process.argv.slice(2);
const demo = argv.includes('--demo');
const args = argv.filter((arg) => arg !== '--demo');

let code: number;
try {
  const settings = await cliSettingsBeside({ demo });
  const target = await findTemporal(settings);
  const cli = requireTemporalCli(settings, PROJECT_ROOT);
  const child = spawn(cli, args, {
    stdio: 'inherit',
    env: childEnvironment({}, { TEMPORAL_ADDRESS: target.address, TEMPORAL_NAMESPACE: target.namespace }),
  });
  // Ctrl-C reaches the CLI through the terminal; this process waits for it to end.
  process.on('SIGINT', () => undefined);
  code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  // The CLI's own error for an unreachable server is long and names no setting: say where it came from.
  if (code !== 0 && args.length > 0 && !(await targetListens(target))) {
    console.error(unreachableMessage(target, NOTHING_LISTENS));
  }
} catch (error) {
  console.error(`temporal: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
}
process.exit(code);
