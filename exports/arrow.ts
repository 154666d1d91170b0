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
import { RECORD_COLUMNS, type ColumnSpec, type IncidentRecord } from '../model/index.js';

/** Media type of the Arrow IPC streaming format. */
export const ARROW_STREAM_MEDIA_TYPE = 'application/vnd.apache.arrow.stream';

const arrowType = (column: ColumnSpec): DataType =>
  column.sql === 'DOUBLE' ? new Float64() : column.sql === 'BOOLEAN' ? new Bool() : new Utf8();

/**
 * Incident records as an Arrow IPC stream: one column per record column (the same names and order as
 * the lake's Parquet), strings as UTF-8, numbers as float64, geometry and details as JSON text.
 */
export function recordsToArrowStream(records: readonly IncidentRecord[]): Uint8Array {
  const columns: Record<string, Vector> = {};
  for (const column of RECORD_COLUMNS) {
    columns[column.name] = vectorFromArray(
      records.map((record) => record[column.name]),
      arrowType(column),
    );
  }
  return tableToIPC(new Table(columns), 'stream');
}
