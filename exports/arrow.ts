import {
  Bool,
  Float64,
  Table,
  tableToIPC,
  Utf8,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';
import type { IncidentRecord } from '../model/index.js';

/** Media type of the Arrow IPC streaming format. */
export const ARROW_STREAM_MEDIA_TYPE = 'application/vnd.apache.arrow.stream';

/** A record column as the stream needs it: its name and DuckDB type (the lake's record columns). */
export interface ArrowRecordColumn {
  name: keyof IncidentRecord;
  sql: string;
}

const arrowType = (column: ArrowRecordColumn): DataType =>
  column.sql === 'DOUBLE' ? new Float64() : column.sql === 'BOOLEAN' ? new Bool() : new Utf8();

/**
 * Incident records as an Arrow IPC stream: one column per record column (the caller passes the lake's,
 * so the stream has the same names and order as the lake's Parquet), strings as UTF-8, numbers as
 * float64, geometry and details as JSON text.
 */
export function recordsToArrowStream(
  records: readonly IncidentRecord[],
  recordColumns: readonly ArrowRecordColumn[],
): Uint8Array {
  const columns: Record<string, Vector> = {};
  for (const column of recordColumns) {
    columns[column.name] = vectorFromArray(
      records.map((record) => record[column.name]),
      arrowType(column),
    );
  }
  return tableToIPC(new Table(columns), 'stream');
}
