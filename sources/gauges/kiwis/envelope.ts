import { GaugeSourceError, malformed } from '../errors.js';
import { asRecord, readJson, textOf } from '../json-body.js';

/**
 * Kisters KiWIS QueryServices (format=json), as the Bureau of Meteorology's Water Data Online runs it.
 * List requests answer arrays of arrays whose first row names the columns (every value a string);
 * getTimeseriesValues answers an array of objects, one per series. A request without `request=`
 * gets a one-line help text instead of JSON (malformed); an error object is an upstream error.
 */

export const KIWIS_FORMAT = 'kiwis';

export function kiwisDocument(body: Uint8Array | string, request: string): unknown[] {
  const format = `${KIWIS_FORMAT} ${request}`;
  const document = readJson(body, format);
  if (Array.isArray(document)) return document;
  const error = asRecord(document);
  const message = textOf(error?.message) ?? textOf(error?.Message);
  if (error && message !== undefined) {
    const code = textOf(error.code) ?? textOf(error.type) ?? 'error';
    throw new GaugeSourceError('upstream', `${format}: ${code}: ${message}`, code);
  }
  throw malformed(format, 'expected a JSON array');
}

/** Rows of a list answer as objects keyed by the header row's column names. */
export function kiwisTable(body: Uint8Array | string, request: string): Record<string, string>[] {
  const format = `${KIWIS_FORMAT} ${request}`;
  const [header, ...rows] = kiwisDocument(body, request);
  if (header === undefined) return [];
  if (!Array.isArray(header) || !header.every((name) => typeof name === 'string')) {
    throw malformed(format, 'first row is not a list of column names');
  }
  const columns = header;
  return rows.map((row, index) => {
    if (!Array.isArray(row) || row.length !== columns.length) {
      throw malformed(format, `row ${index + 1} does not have ${columns.length} values`);
    }
    const record: Record<string, string> = {};
    columns.forEach((name, column) => (record[name] = textOf(row[column]) ?? ''));
    return record;
  });
}
