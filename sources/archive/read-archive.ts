import type { ArchiveRecord, RowProblem } from '../../model/index.js';
import { mapAidrRow } from './aidr.js';
import { AIDR_REQUIRED_HEADER } from './aidr-vocabulary.js';
import { toArchiveRecord, type ArchiveLoadContext } from './archive-record.js';
import { csvBatches, type ByteSource, type CsvCheckpoint, type CsvRow } from './csv-batches.js';
import { INTERCHANGE_REQUIRED_HEADER, parseInterchangeRow, type InterchangeRow } from './interchange.js';

/** The two CSV inputs of an archive load. */
export const ARCHIVE_CSV_FORMATS = ['interchange', 'aidr'] as const;
export type ArchiveCsvFormat = (typeof ARCHIVE_CSV_FORMATS)[number];

/** A file whose header lacks columns the format needs: nothing in it can be read. */
export class ArchiveHeaderError extends Error {
  constructor(
    readonly format: ArchiveCsvFormat,
    readonly missing: readonly string[],
  ) {
    super(`not an ${format} archive file: the header lacks ${missing.join(', ')}`);
    this.name = 'ArchiveHeaderError';
  }
}

export interface ArchiveBatch {
  records: ArchiveRecord[];
  /** Rejections and warnings of this batch's rows, by line. */
  problems: RowProblem[];
  /** CSV records consumed by this batch, readable or not. */
  rowsRead: number;
  /** Where to carry on from after this batch. */
  checkpoint: CsvCheckpoint;
}

export interface ReadArchiveOptions {
  format: ArchiveCsvFormat;
  /** CSV records per batch (default 10,000). */
  batchSize?: number;
  from?: CsvCheckpoint;
  context: ArchiveLoadContext;
}

type RowMapper = (
  row: CsvRow,
  context: ArchiveLoadContext,
) => { rows: InterchangeRow[]; problems: RowProblem[] };

const MAPPERS: Readonly<Record<ArchiveCsvFormat, { header: readonly string[]; map: RowMapper }>> = {
  interchange: {
    header: INTERCHANGE_REQUIRED_HEADER,
    map: ({ cells, line }) => {
      const parsed = parseInterchangeRow(cells, line);
      return 'row' in parsed
        ? { rows: [parsed.row], problems: [] }
        : { rows: [], problems: [parsed.problem] };
    },
  },
  aidr: {
    header: AIDR_REQUIRED_HEADER,
    map: ({ cells, line }, context) => mapAidrRow(cells, line, context.locator),
  },
};

/**
 * An archive CSV as batches of archive records, resumable from any batch's checkpoint. Bad rows are
 * problems with their line; only a header without the format's columns stops the read.
 */
export async function* readArchiveCsv(
  open: ByteSource,
  options: ReadArchiveOptions,
): AsyncGenerator<ArchiveBatch> {
  const mapper = MAPPERS[options.format];
  let headerChecked = false;
  for await (const batch of csvBatches(open, {
    batchSize: options.batchSize ?? 10_000,
    ...(options.from ? { from: options.from } : {}),
  })) {
    if (!headerChecked) {
      const missing = mapper.header.filter((name) => !batch.header.includes(name));
      if (missing.length > 0) throw new ArchiveHeaderError(options.format, missing);
      headerChecked = true;
    }
    const records: ArchiveRecord[] = [];
    const problems = [...batch.problems];
    for (const row of batch.rows) {
      const mapped = mapper.map(row, options.context);
      problems.push(...mapped.problems);
      for (const interchangeRow of mapped.rows)
        records.push(toArchiveRecord(interchangeRow, options.context));
    }
    problems.sort((a, b) => a.line - b.line);
    yield {
      records,
      problems,
      rowsRead: batch.rows.length + batch.problems.length,
      checkpoint: batch.checkpoint,
    };
  }
}
