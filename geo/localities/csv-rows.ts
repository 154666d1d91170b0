import { parse } from 'csv-parse/sync';
import type { RejectedRow } from '../../model/index.js';

export interface CsvRow {
  /** 1-based line of the row in the file. */
  line: number;
  values: Record<string, string>;
}

/**
 * A headed CSV → rows keyed by header name. A row whose field count differs from the header's is
 * rejected with its line number; a file missing a required column fails as a whole.
 */
export function readCsvRows(
  text: string,
  required: readonly string[],
): { rows: CsvRow[]; rejected: RejectedRow[] } {
  const records = parse(text, {
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as unknown as { record: string[]; info: { lines: number } }[]; // `info` wraps each record (untyped)
  const header = records[0]?.record.map((name) => name.trim()) ?? [];
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new Error(`CSV lacks column(s) ${missing.join(', ')}`);
  const rows: CsvRow[] = [];
  const rejected: RejectedRow[] = [];
  for (const { record, info } of records.slice(1)) {
    if (record.length !== header.length) {
      rejected.push({
        line: info.lines,
        reason: `has ${record.length} fields, the header has ${header.length}`,
        text: record.join(',').slice(0, 200),
      });
      continue;
    }
    rows.push({
      line: info.lines,
      values: Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])),
    });
  }
  return { rows, rejected };
}

/** A trimmed row of a CSV file, for a rejection's `text`. */
export function rowText(row: CsvRow): string {
  return Object.values(row.values).join(',').slice(0, 200);
}
