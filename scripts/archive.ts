import { parseArgs } from 'node:util';
import {
  ARCHIVE_FILE_FORMATS,
  writeArchiveFile,
  type ArchiveFileFormat,
} from '../replay/archive/generate.js';

/**
 * Archive files from the command line.
 *   npm run archive -- generate --rows 4800000 --out data/archive.csv [--format csv|parquet] [--seed 1]
 * writes made-up archive rows in the interchange format (docs/archive-format.md), 1840 to 2026.
 */
const USAGE = `usage:
  npm run archive -- generate --rows <N> --out <FILE> [--format ${ARCHIVE_FILE_FORMATS.join('|')}] [--seed <S>]
      made-up archive rows in the interchange format (docs/archive-format.md), spanning 1840 to 2026;
      the format defaults to parquet for a .parquet file and csv otherwise`;

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, least: number, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) usageError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(text) || Number(text) < least || !Number.isSafeInteger(Number(text))) {
    usageError(`--${name} must be a whole number of at least ${least}, not "${text}"`);
  }
  return Number(text);
}

function formatOf(text: string | undefined, out: string): ArchiveFileFormat {
  if (text === undefined) return out.toLowerCase().endsWith('.parquet') ? 'parquet' : 'csv';
  if (!(ARCHIVE_FILE_FORMATS as readonly string[]).includes(text)) {
    usageError(`--format must be one of ${ARCHIVE_FILE_FORMATS.join(', ')}, not "${text}"`);
  }
  return text as ArchiveFileFormat;
}

async function generate(args: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        rows: { type: 'string' },
        out: { type: 'string' },
        format: { type: 'string' },
        seed: { type: 'string' },
      },
    }));
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error));
  }
  const rows = wholeNumber('rows', values.rows, 1);
  if (values.out === undefined || values.out === '') usageError('--out is required');
  const out = values.out;
  const format = formatOf(values.format, out);
  const seed = wholeNumber('seed', values.seed, 0, 1);
  const started = performance.now();
  const written = await writeArchiveFile({ rows, seed, out, format });
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `Wrote ${written.rows.toLocaleString('en-AU')} archive rows (${format}, ${(written.bytes / 1e6).toFixed(1)} MB) to ${out} in ${seconds.toFixed(1)} s`,
  );
}

const [command, ...rest] = process.argv.slice(2);
if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
  process.exit(command === undefined ? 2 : 0);
}
try {
  if (command === 'generate') {
    if (rest.includes('--help') || rest.includes('-h')) {
      console.log(USAGE);
      process.exit(0);
    }
    await generate(rest);
  } else {
    usageError(`unknown command "${command}"`);
  }
} catch (error) {
  console.error(`archive ${command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
