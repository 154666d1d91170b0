import { randomUUID } from 'node:crypto';
import { basename, resolve } from 'node:path';
import { ARCHIVE_LOAD_FORMATS, ARCHIVE_SOURCE_PATTERN, type ArchiveLoadFormat } from '../model/index.js';
import {
  ARCHIVE_FILE_FORMATS,
  writeArchiveFile,
  type ArchiveFileFormat,
} from '../replay/archive/generate.js';
import { removalSummary, removeArchiveSourceNow } from '../runtime/archive-removal.js';
import { ARCHIVE_LOAD_WORKFLOW } from '../runtime/watched-workflows.js';
import { manageCommands, startWorkflow } from '../runtime/workflow-cli.js';
import {
  cliOptions,
  cliSettingsBeside,
  DEMO_OPTION,
  onePositional,
  runCli,
  UsageError,
} from '../runtime/cli-command.js';
import { findTemporal } from '../runtime/temporal-target.js';
import type { ArchiveLoadInput } from '../workflows/index.js';

/**
 * The historical archive from the command line: load a file through the service (a Temporal
 * workflow), follow, list and cancel loads, or generate made-up files in the interchange format.
 */
const USAGE = `usage:
  npm run archive -- load <FILE> [--format ${ARCHIVE_LOAD_FORMATS.join('|')}] [--source <NAME>] [--streaming] [--detach] [--demo]
      loads an archive file into the running service (npm start or npm run demo) as an archiveLoad
      workflow, prints its Temporal Web UI link and draws its progress until it ends (--detach: at once).
      --format: interchange (default; CSV or Parquet, docs/archive-format.md) or aidr (the AIDR
      Australian Disaster Events CSV). --source: the name its rows are kept under (default: aidr, or
      the file's name); loading a source again replaces it. --streaming: read an interchange CSV in
      checkpointed batches instead of one bulk pass (slower; resumes mid-file after a lost worker).
      The path must be readable by the service's warehouse worker.
  npm run archive -- remove --source <NAME> [--demo]
      publishes the lake without that source's archive files (the running service's warehouse does it);
      prints what left and the sources that remain. An id is kept once: loading a file whose ids another
      source holds moves them to the new source (the newest load wins), so a file loaded under a second
      name leaves the first with what the second did not bring, and remove clears the rest.
  npm run archive -- list [--demo]        every archive load, newest first
  npm run archive -- status <ID> [--demo] where a load is, or what it did
  npm run archive -- cancel <ID> [--demo] stops a load; nothing is published
  npm run archive -- generate --rows <N> --out <FILE> [--format ${ARCHIVE_FILE_FORMATS.join('|')}] [--seed <S>]
      made-up archive rows in the interchange format (docs/archive-format.md), spanning 1840 to 2026;
      the format defaults to parquet for a .parquet file and csv otherwise

The commands reach the service running over DATA_DIR (default data/; --demo: the demo's, data/demo/)
wherever its Temporal listens (DATA_DIR/service.json), or the Temporal that TEMPORAL_ADDRESS names.`;

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

async function generate(args: string[]): Promise<void> {
  const { values } = cliOptions(args, {
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

async function load(args: string[]): Promise<number> {
  const { values, positionals } = cliOptions(args, {
    format: { type: 'string' },
    source: { type: 'string' },
    streaming: { type: 'boolean' },
    detach: { type: 'boolean' },
    ...DEMO_OPTION,
  });
  const file = resolve(onePositional(positionals, 'archive file'));
  const format = oneOf('format', values.format ?? 'interchange', ARCHIVE_LOAD_FORMATS);
  const source = sourceName(values.source ?? defaultSource(file, format));
  if (values.streaming && format === 'aidr') throw new UsageError('AIDR files are always streamed');
  const target = await findTemporal(await cliSettingsBeside(values));
  const workflowId = `archive-load-${source}-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomUUID().slice(0, 4)}`;
  const input: ArchiveLoadInput = {
    file,
    format,
    source,
    ...(values.streaming ? { mode: 'streaming' as const } : {}),
    warehouseTaskQueue: target.warehouseTaskQueue,
  };
  return startWorkflow(target, ARCHIVE_LOAD_WORKFLOW, {
    workflowId,
    args: [input],
    detach: values.detach ?? false,
  });
}

function sourceName(text: string | undefined): string {
  if (text === undefined || !ARCHIVE_SOURCE_PATTERN.test(text)) {
    throw new UsageError(
      `--source must be a lower-case name of letters, digits, - and _ (starting with a letter), not "${text ?? ''}"`,
    );
  }
  return text;
}

async function remove(args: string[]): Promise<number> {
  const { values, positionals } = cliOptions(args, { source: { type: 'string' }, ...DEMO_OPTION });
  if (positionals.length > 0) throw new UsageError('remove takes --source <NAME> [--demo] and nothing else');
  const result = await removeArchiveSourceNow(
    await cliSettingsBeside(values),
    sourceName(values.source),
    (line) => console.log(line),
  );
  for (const line of removalSummary(result)) console.log(line);
  return result.files === 0 ? 1 : 0;
}

await runCli('archive', USAGE, {
  generate: async (args) => {
    await generate(args);
    return 0;
  },
  load,
  remove,
  ...manageCommands(ARCHIVE_LOAD_WORKFLOW, 'load id'),
});
