import { GaugeSourceError, malformed } from '../errors.js';
import { asRecord, readJson, textOf } from '../json-body.js';

/**
 * Brisbane City Council's flood telemetry on its Opendatasoft portal (Explore API v2.1):
 * `/catalog/datasets/<id>/records` answers `{total_count, results: [...]}`, and errors as
 * `{error_code, message}`. Two datasets: the sensors (one record per sensor) and the readings
 * (one record per `measured` time, one column per sensor, named by its lower-cased sensor id).
 */

export const BCC_FORMAT = 'bcc-telemetry';

export function odsRecords(body: Uint8Array | string, dataset: string): Record<string, unknown>[] {
  const format = `${BCC_FORMAT} ${dataset}`;
  const document = asRecord(readJson(body, format));
  if (!document) throw malformed(format, 'not a JSON object');
  const errorCode = textOf(document.error_code);
  if (errorCode !== undefined) {
    throw new GaugeSourceError(
      'upstream',
      `${format}: ${errorCode}: ${textOf(document.message) ?? ''}`,
      errorCode,
    );
  }
  if (!Array.isArray(document.results)) throw malformed(format, 'no results array');
  return document.results.map((item, index) => {
    const record = asRecord(item);
    if (!record) throw malformed(format, `result ${index} is not an object`);
    return record;
  });
}
