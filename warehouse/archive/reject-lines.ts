import { parse } from 'csv-parse/sync';
import { problemValue, type RowProblem } from '../../model/index.js';

/** A record DuckDB's CSV reader could not read, as `reject_errors` lists it. */
export interface RejectedLine {
  line: bigint | number;
  error_type: string;
  error_message: string;
  csv_line: string;
}

/**
 * File lines of records known by their ordinal among the records DuckDB read. Interchange records are
 * one line each (docs/archive-format.md), so the k-th record read sits on the (k+1)-th line after the
 * header that was not rejected.
 */
export function lineNumbers(ordinals: readonly number[], rejectedLines: readonly number[]): number[] {
  const rejected = [...rejectedLines].sort((a, b) => a - b);
  let skipped = 0;
  return ordinals.map((ordinal) => {
    let line = ordinal + 2 + skipped;
    while (skipped < rejected.length && rejected[skipped]! <= line) {
      skipped += 1;
      line += 1;
    }
    return line;
  });
}

const EXPECTED_COLUMNS = /Expected Number of Columns: (\d+)/;

/** How many fields a rejected line has (DuckDB's message counts up to the first missing or extra one). */
function fieldCount(csvLine: string): number | undefined {
  try {
    const [fields] = parse(csvLine, { relax_column_count: true });
    return fields?.length;
  } catch {
    return undefined;
  }
}

/** A rejected record as the streaming reader reports the same record. */
export function rejectProblem(rejected: RejectedLine): RowProblem {
  const line = Number(rejected.line);
  const expected = EXPECTED_COLUMNS.exec(rejected.error_message)?.[1];
  const found = fieldCount(rejected.csv_line);
  if (/COLUMNS/.test(rejected.error_type) && expected !== undefined && found !== undefined) {
    return { line, problem: 'field_count', value: `${found} fields, expected ${expected}` };
  }
  return { line, problem: 'csv_syntax', value: problemValue(rejected.error_message) };
}
