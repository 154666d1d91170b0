import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError, FEED_CATALOGUE, feedByKey, loadSettings } from '../config/index.js';
import { REPARSE_WORKFLOW } from '../runtime/watched-workflows.js';
import {
  cancelWorkflow,
  CliError,
  connectClient,
  listWorkflows,
  UsageError,
  watchWorkflow,
  webUiLink,
  workflowStatus,
} from '../runtime/workflow-cli.js';
import type { ReparseBackfillInput } from '../workflows/index.js';

/** Backfills from the command line: re-parse a feed's kept bodies with today's parsers (ADR 17). */
const USAGE = `usage:
  npm run backfill -- reparse --feed <KEY> --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--detach]
      re-reads the bodies kept for a feed (data/raw/<feed>/<day>/) over the days from..to (UTC, both
      inclusive) with today's parsers and rewrites the versions those polls opened, as a reparseBackfill
      workflow of the running service; prints its Temporal Web UI link and draws its progress until it
      ends (--detach: at once). Nothing is retracted; live incidents change only when the window
      reaches the feed's latest body (docs/adr/0017-reparse-backfills.md).
  npm run backfill -- list                every backfill, newest first
  npm run backfill -- status <ID>         where a backfill is, or what it did
  npm run backfill -- cancel <ID>         stops a backfill after the group of polls under way`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, strict: true, allowPositionals: true, options: spec });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function day(name: string, text: string | undefined): string {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!DAY.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    throw new UsageError(`--${name} must be a day as YYYY-MM-DD, not "${text}"`);
  }
  return text;
}

function settings() {
  try {
    return loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

async function reparse(args: string[]): Promise<number> {
  const { values, positionals } = options(args, {
    feed: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    detach: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.feed === undefined) throw new UsageError('--feed is required');
  if (!feedByKey(values.feed)) {
    throw new UsageError(
      `--feed must be a catalogue key (${FEED_CATALOGUE.slice(0, 3)
        .map((feed) => feed.key)
        .join(', ')}, …), not "${values.feed}"`,
    );
  }
  const from = day('from', values.from);
  const to = day('to', values.to);
  if (to < from) throw new UsageError(`--to (${to}) is before --from (${from})`);
  const config = settings();
  const { client, close } = await connectClient(config);
  try {
    const workflowId = `backfill-reparse-${values.feed}-${from}-${to}-${randomUUID().slice(0, 4)}`;
    const input: ReparseBackfillInput = {
      feedKey: values.feed,
      from,
      to,
      warehouseTaskQueue: config.WAREHOUSE_TASK_QUEUE,
    };
    const handle = await client.workflow.start('reparseBackfill', {
      workflowId,
      taskQueue: config.INGEST_TASK_QUEUE,
      args: [input],
    });
    console.log(`started ${workflowId}`);
    const link = webUiLink(config, workflowId);
    if (link) console.log(`Temporal Web UI: ${link}`);
    if (values.detach) {
      console.log(`follow it: npm run backfill -- status ${workflowId}`);
      return 0;
    }
    return await watchWorkflow(handle, REPARSE_WORKFLOW, {
      log: (line) => console.log(line),
      stderr: process.stderr,
    });
  } finally {
    await close();
  }
}

async function manage(command: 'list' | 'status' | 'cancel', args: string[]): Promise<number> {
  const { positionals } = options(args, {});
  if (command === 'list' && positionals.length > 0) throw new UsageError('list takes no arguments');
  if (command !== 'list' && positionals.length !== 1) {
    throw new UsageError(`expected one backfill id, got ${positionals.length}`);
  }
  const id = positionals[0] ?? '';
  const { client, close } = await connectClient(settings());
  const log = (line: string) => console.log(line);
  try {
    if (command === 'list') await listWorkflows(client, REPARSE_WORKFLOW, log);
    else if (command === 'status') await workflowStatus(client, REPARSE_WORKFLOW, id, log);
    else await cancelWorkflow(client, REPARSE_WORKFLOW, id, log);
    return 0;
  } finally {
    await close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (
    command === undefined ||
    ['--help', '-h', 'help'].includes(command) ||
    rest.includes('--help') ||
    rest.includes('-h')
  ) {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  switch (command) {
    case 'reparse':
      return reparse(rest);
    case 'list':
    case 'status':
    case 'cancel':
      return manage(command, rest);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

const argv = process.argv.slice(2);
try {
  process.exit(await main(argv));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  console.error(`backfill ${argv[0]}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
