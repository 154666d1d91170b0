import { parseArgs } from 'node:util';
import { ConfigError, DEMO_DATA_DIR, loadSettings, type Settings } from '../config/index.js';
import { runningServiceOver, serviceRunsOver } from './service-file.js';

/** The command-line frame of the archive and backfill CLIs: options, settings, help and exit codes. */

/** A usage mistake: the CLI prints it with its usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A problem the user can act on (Temporal unreachable, no such workflow): one line, exit 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** A command's options and positionals, strictly: an unknown option is a usage mistake. */
export function cliOptions<T extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  spec: T,
) {
  try {
    return parseArgs({ args, strict: true, allowPositionals: true, options: spec });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function onePositional(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected one ${what}, got ${positionals.length}`);
  return positionals[0]!;
}

/**
 * `--demo`: work on the demo's data folder (and so find the demo's service), unless DATA_DIR says
 * otherwise, as `npm run keys -- --demo` does.
 */
export const DEMO_OPTION = { demo: { type: 'boolean' } } as const;

/** The service's settings; a configuration mistake is one line for the user, not a stack. */
export function cliSettings(options: { demo?: boolean | undefined } = {}): Settings {
  try {
    return loadSettings(options.demo ? { DATA_DIR: DEMO_DATA_DIR } : {});
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * The settings of a CLI run beside a service: with --demo, the demo's folder; with DATA_DIR, that
 * folder; otherwise the folder a service runs over, the default one's or, when only the demo runs,
 * the demo's, said in one line on standard error so the user knows which service it works with.
 */
export async function cliSettingsBeside(
  options: { demo?: boolean | undefined } = {},
  say: (line: string) => void = (line) => console.error(line),
): Promise<Settings> {
  const settings = cliSettings(options);
  if (options.demo) return settings;
  const demo = cliSettings({ demo: true });
  // DATA_DIR set: the demo's default did not apply, and the folder is the user's choice.
  if (demo.DATA_DIR === settings.DATA_DIR || (await serviceRunsOver(settings.DATA_DIR))) return settings;
  const running = await runningServiceOver(demo.DATA_DIR);
  if (!running) return settings;
  say(
    `working with the demo running over ${demo.DATA_DIR}/ (pid ${running.pid}): no service runs over ${settings.DATA_DIR}/`,
  );
  return demo;
}

/**
 * Runs the command named by the first argument and exits: 0 after help, 2 with the usage for a usage
 * mistake (or no command), 1 with one line `<cli> <command>: <reason>` for anything else.
 */
export async function runCli(
  cli: string,
  usage: string,
  commands: Record<string, (args: string[]) => Promise<number>>,
): Promise<never> {
  const argv = process.argv.slice(2);
  try {
    process.exit(await dispatch(argv, usage, commands));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`);
      process.exit(2);
    }
    console.error(`${cli} ${argv[0]}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function dispatch(
  argv: string[],
  usage: string,
  commands: Record<string, (args: string[]) => Promise<number>>,
): Promise<number> {
  const [command, ...rest] = argv;
  if (
    command === undefined ||
    ['--help', '-h', 'help'].includes(command) ||
    rest.includes('--help') ||
    rest.includes('-h')
  ) {
    console.log(usage);
    return command === undefined ? 2 : 0;
  }
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) throw new UsageError(`unknown command "${command}"`);
  return run(rest);
}
