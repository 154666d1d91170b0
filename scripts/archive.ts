import { randomUUID } from 'node:crypto';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadSettings } from '../config/index.js';
import { ARCHIVE_LOAD_FORMATS, ARCHIVE_SOURCE_PATTERN, type ArchiveLoadFormat } from '../model/index.js';
import {
  ARCHIVE_FILE_FORMATS,
  writeArchiveFile,
  type ArchiveFileFormat,
} from '../replay/archive/generate.js';
import { ARCHIVE_LOAD_WORKFLOW } from '../runtime/watched-workflows.js';
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
import type { ArchiveLoadInput } from '../workflows/index.js';

/**
 * The historical archive from the command line: load a file through the service (a Temporal
 * workflow), follow, list and cancel loads, or generate made-up files in the interchange format.
 */
const USAGE = `usage:
  npm run archive -- load <FILE> [--format ${ARCHIVE_LOAD_FORMATS.join('|')}] [--source <NAME>] [--streaming] [--detach]
      loads an archive file into the running service (npm start or npm run demo) as an archiveLoad
      workflow, prints its Temporal Web UI link and draws its progress until it ends (--detach: at once).
      --format: interchange (default; CSV or Parquet, docs/archive-format.md) or aidr (the AIDR
      Australian Disaster Events CSV). --source: the name its rows are kept under (default: aidr, or
      the file's name); loading a source again replaces it. --streaming: read an interchange CSV in
      checkpointed batches instead of one bulk pass (slower; resumes mid-file after a lost worker).
      The path must be readable by the service's warehouse worker.
  npm run archive -- list                 every archive load, newest first
  npm run archive -- status <ID>          where a load is, or what it did
  npm run archive -- cancel <ID>          stops a load; nothing is published
  npm run archive -- generate --rows <N> --out <FILE> [--format ${ARCHIVE_FILE_FORMATS.join('|')}] [--seed <S>]
      made-up archive rows in the interchange format (docs/archive-format.md), spanning 1840 to 2026;
      the format defaults to parquet for a .parquet file and csv otherwise`;

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, strict: true, allowPositionals: true, options: spec });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function wholeNumber(name: string, text: string | undefined, least: number, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(text) || Number(text) < least || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--${name} must be a whole number of at least ${least}, not "${text}"`);
  }
  return Number(text);
}

function oneOf<T extends string>(name: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${text}"`);
  }
  return text as T;
}

function onePositional(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected one ${what}, got ${positionals.length}`);
  return positionals[0]!;
}

async function generate(args: string[]): Promise<void> {
  const { values } = options(args, {
    rows: { type: 'string' },
    out: { type: 'string' },
    format: { type: 'string' },
    seed: { type: 'string' },
  });
  const rows = wholeNumber('rows', values.rows, 1);
  if (values.out === undefined || values.out === '') throw new UsageError('--out is required');
  const out = values.out;
  const format: ArchiveFileFormat =
    values.format === undefined
      ? out.toLowerCase().endsWith('.parquet')
        ? 'parquet'
        : 'csv'
      : oneOf('format', values.format, ARCHIVE_FILE_FORMATS);
  const seed = wholeNumber('seed', values.seed, 0, 1);
  const started = performance.now();
  const written = await writeArchiveFile({ rows, seed, out, format });
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `Wrote ${written.rows.toLocaleString('en-AU')} archive rows (${format}, ${(written.bytes / 1e6).toFixed(1)} MB) to ${out} in ${seconds.toFixed(1)} s`,
  );
}

/** `aidr` for AIDR files; else the file's name, lower case, as a source name. */
function defaultSource(file: string, format: ArchiveLoadFormat): string {
  if (format === 'aidr') return 'aidr';
  const name = basename(file)
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40);
  return name === '' ? 'archive' : name;
}

function settings() {
  try {
    return loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

async function load(args: string[]): Promise<number> {
  const { values, positionals } = options(args, {
    format: { type: 'string' },
    source: { type: 'string' },
    streaming: { type: 'boolean' },
    detach: { type: 'boolean' },
  });
  const file = resolve(onePositional(positionals, 'archive file'));
  const format = oneOf('format', values.format ?? 'interchange', ARCHIVE_LOAD_FORMATS);
  const source = values.source ?? defaultSource(file, format);
  if (!ARCHIVE_SOURCE_PATTERN.test(source)) {
    throw new UsageError(
      `--source must be a lower-case name of letters, digits, - and _ (starting with a letter), not "${source}"`,
    );
  }
  if (values.streaming && format === 'aidr') throw new UsageError('AIDR files are always streamed');
  const config = settings();
  const { client, close } = await connectClient(config);
  try {
    const workflowId = `archive-load-${source}-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomUUID().slice(0, 4)}`;
    const input: ArchiveLoadInput = {
      file,
      format,
      source,
      ...(values.streaming ? { mode: 'streaming' as const } : {}),
      warehouseTaskQueue: config.WAREHOUSE_TASK_QUEUE,
    };
    const handle = await client.workflow.start('archiveLoad', {
      workflowId,
      taskQueue: config.INGEST_TASK_QUEUE,
      args: [input],
    });
    console.log(`started ${workflowId}`);
    const link = webUiLink(config, workflowId);
    if (link) console.log(`Temporal Web UI: ${link}`);
    if (values.detach) {
      console.log(`follow it: npm run archive -- status ${workflowId}`);
      return 0;
    }
    return await watchWorkflow(handle, ARCHIVE_LOAD_WORKFLOW, {
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
  const id = command === 'list' ? '' : onePositional(positionals, 'load id');
  const { client, close } = await connectClient(settings());
  const log = (line: string) => console.log(line);
  try {
    if (command === 'list') await listWorkflows(client, ARCHIVE_LOAD_WORKFLOW, log);
    else if (command === 'status') await workflowStatus(client, ARCHIVE_LOAD_WORKFLOW, id, log);
    else await cancelWorkflow(client, ARCHIVE_LOAD_WORKFLOW, id, log);
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
    case 'generate':
      await generate(rest);
      return 0;
    case 'load':
      return load(rest);
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
  console.error(`archive ${argv[0]}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
