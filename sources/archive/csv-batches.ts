import { Transform, type Readable } from 'node:stream';
import { parse, type CsvError, type InfoRecord, type Options } from 'csv-parse';
import { problemValue, type RowProblem } from '../../model/index.js';
import { LineIndex } from './line-index.js';

/**
 * Streaming, resumable reading of an archive CSV: records in batches, each batch ending on a record
 * boundary with the position reached, so a long load can checkpoint after any batch and carry on from
 * there in a new process. Lines are file lines (the header is line 1); a record with line breaks inside
 * quotes spans several.
 */

/** After a batch: the last file line read, and the byte offset where the next record starts. */
export interface CsvCheckpoint {
  line: number;
  byte: number;
}

/** Opens the input at a byte offset (e.g. `(start) => createReadStream(path, { start })`). */
export type ByteSource = (start: number) => Readable;

export interface CsvRow {
  /** The line the record starts on. */
  line: number;
  /** Cells by header name. */
  cells: Record<string, string>;
}

export interface CsvBatch {
  header: readonly string[];
  rows: CsvRow[];
  /** Records that could not be read as CSV, or had the wrong number of fields. */
  problems: RowProblem[];
  checkpoint: CsvCheckpoint;
}

export interface CsvBatchOptions {
  /** Records (rows and problems) per batch. */
  batchSize: number;
  /** Carry on after this checkpoint instead of starting at the top. */
  from?: CsvCheckpoint;
}

/** A record this large means a quote that never closes: reading stops there, with a problem saying so. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** One record with where it lies, and the unreadable records met since the one before it. */
interface Located {
  fields: string[];
  line: number;
  checkpoint: CsvCheckpoint;
  skipped: RowProblem[];
}

/**
 * csv-parse reports unreadable records as events while good ones travel down the stream, so both are
 * located in its callbacks, which run in file order, and the problems ride along with the next record.
 * A record ends on the line its last byte is on, and starts as many lines earlier as its values hold
 * line breaks.
 */
function locatingParser(from: CsvCheckpoint) {
  const lines = new LineIndex();
  let lastLine = from.line;
  let skipped: RowProblem[] = [];
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      lines.add(chunk);
      done(null, chunk);
    },
  });
  // csv-parse types `on_record` as returning the record's own type; this one returns it located.
  const options: Options<Located, string[]> = {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    record_delimiter: ['\r\n', '\n'],
    max_record_size: MAX_RECORD_BYTES,
    on_record: (fields: string[], info: InfoRecord): Located => {
      lastLine = from.line + lines.linesThrough(info.bytes);
      const breaks = fields.reduce((sum, field) => sum + countNewlines(field), 0);
      const located = {
        fields,
        line: lastLine - breaks,
        checkpoint: { line: lastLine, byte: from.byte + info.bytes },
        skipped,
      };
      skipped = [];
      return located;
    },
  };
  const stream = parse(options as unknown as Options);
  stream.on('skip', (error: CsvError) => {
    const rest = error.code === 'CSV_MAX_RECORD_SIZE' ? '; the rest of the file was not read' : '';
    skipped.push({
      line: lastLine + 1,
      problem: 'csv_syntax',
      value: problemValue(`${error.message}${rest}`),
    });
  });
  /** What is left once the input has ended: problems after the last record, and the final position. */
  const tail = (): { skipped: RowProblem[]; checkpoint: CsvCheckpoint } => ({
    skipped,
    checkpoint: {
      line: from.line + lines.linesThrough(stream.info.bytes),
      byte: from.byte + stream.info.bytes,
    },
  });
  return { counter, stream, tail };
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** The header row (line 1), read on its own so that a resumed read can name its cells. */
export async function readCsvHeader(open: ByteSource): Promise<string[]> {
  const input = open(0);
  const { counter, stream } = locatingParser({ line: 0, byte: 0 });
  try {
    for await (const located of input.pipe(counter).pipe(stream) as AsyncIterable<Located>)
      return located.fields;
    throw new Error('the file is empty: no header line');
  } finally {
    input.destroy();
    counter.destroy();
    stream.destroy();
  }
}

export async function* csvBatches(open: ByteSource, options: CsvBatchOptions): AsyncGenerator<CsvBatch> {
  const from = options.from ?? { line: 0, byte: 0 };
  let header = from.line === 0 ? undefined : await readCsvHeader(open);
  const { counter, stream, tail } = locatingParser(from);
  let rows: CsvRow[] = [];
  let problems: RowProblem[] = [];
  let checkpoint = from;

  const input = open(from.byte);
  try {
    for await (const located of input.pipe(counter).pipe(stream) as AsyncIterable<Located>) {
      const { fields, line, skipped } = located;
      problems.push(...skipped);
      checkpoint = located.checkpoint;
      if (header === undefined) {
        header = fields;
        continue;
      }
      if (fields.length === header.length) {
        const cells: Record<string, string> = {};
        for (const [index, name] of header.entries()) cells[name] = fields[index]!;
        rows.push({ line, cells });
      } else {
        problems.push({
          line,
          problem: 'field_count',
          value: `${fields.length} fields, expected ${header.length}`,
        });
      }
      if (rows.length + problems.length >= options.batchSize) {
        yield { header, rows, problems, checkpoint };
        rows = [];
        problems = [];
      }
    }
  } finally {
    input.destroy();
    counter.destroy();
  }
  if (header === undefined) throw new Error('the file is empty: no header line');
  const end = tail();
  problems.push(...end.skipped);
  if (rows.length > 0 || problems.length > 0 || end.checkpoint.byte !== checkpoint.byte) {
    yield { header, rows, problems, checkpoint: end.checkpoint };
  }
}
