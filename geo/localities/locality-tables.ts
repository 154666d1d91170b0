import { jurisdictionOf, type Jurisdiction, type RejectedRow } from '../../model/index.js';
import { readCsvRows, rowText, type CsvRow } from './csv-rows.js';

/**
 * Parsers of the locality tables the postcode lookups are built from. Columns:
 * - G-NAF localities (`locality,state,postcode,count,latitude,longitude`): one row per locality and
 *   postcode, `count` addresses, the point the mean of their address points. Its state is the
 *   postcode's, not always the locality's (Queanbeyan 2620 reads ACT), so placement uses the point.
 * - G-NAF postcodes (`state,postcode,count,latitude,longitude`): the same per postcode.
 * - Australian postcodes (Postcode, Locality, State, Long, Lat, Type, Status, Lat (Google),
 *   Long (Google), LGA Region, LGA Code, ...): every delivery locality, including PO-box and large
 *   volume receiver names, with a per-locality state. `Lat`/`Long` is often the postcode's point,
 *   `Lat (Google)`/`Long (Google)` the locality's; its LGA code is one per postcode (all of 2480,
 *   Lismore, reads Ballina), so it is only a last resort.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GnafLocality extends Coordinates {
  locality: string;
  state: Jurisdiction;
  postcode: string;
  addresses: number;
}

export interface GnafPostcode extends Coordinates {
  postcode: string;
  state: Jurisdiction;
  addresses: number;
}

export interface PostcodeLocality {
  postcode: string;
  locality: string;
  state: Jurisdiction;
  /** The locality's own point where the table has one, else the row's (often the postcode's) point. */
  point: Coordinates | null;
  /** The table's LGA for the whole postcode. */
  postcodeLgaCode: string | null;
  /** `Delivery Area`, `Post Office Boxes`, `LVR` (large volume receiver) or empty. */
  deliveryType: string;
}

export interface TableParse<T> {
  rows: T[];
  rejected: RejectedRow[];
}

const POSTCODE = /^\d{4}$/;

function coordinates(latitude: string | undefined, longitude: string | undefined): Coordinates | null {
  if (!latitude?.trim() || !longitude?.trim()) return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  // Australia and its external territories: anything else is a typo or a zero placeholder.
  if (!(lat >= -56 && lat <= -9 && lng >= 72 && lng <= 169)) return null;
  return { latitude: lat, longitude: lng };
}

function count(text: string | undefined): number | null {
  const value = Number(text);
  return text?.trim() && Number.isInteger(value) && value >= 0 ? value : null;
}

function parseTable<T>(
  text: string,
  required: readonly string[],
  toRow: (row: CsvRow) => T | string,
): TableParse<T> {
  const { rows, rejected } = readCsvRows(text, required);
  const parsed: T[] = [];
  for (const row of rows) {
    const result = toRow(row);
    if (typeof result === 'string') rejected.push({ line: row.line, reason: result, text: rowText(row) });
    else parsed.push(result);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rows: parsed, rejected };
}

export function parseGnafLocalitiesCsv(text: string): TableParse<GnafLocality> {
  return parseTable(
    text,
    ['locality', 'state', 'postcode', 'count', 'latitude', 'longitude'],
    ({ values }) => {
      const state = jurisdictionOf(values.state ?? '');
      const point = coordinates(values.latitude, values.longitude);
      const addresses = count(values.count);
      const locality = values.locality?.trim();
      if (!locality) return 'no locality name';
      if (!POSTCODE.test(values.postcode ?? '')) return 'postcode is not four digits';
      if (!state) return 'unknown state';
      if (!point) return 'no usable coordinates';
      if (addresses === null) return 'address count is not a whole number';
      return { locality, state, postcode: values.postcode ?? '', addresses, ...point };
    },
  );
}

export function parseGnafPostcodesCsv(text: string): TableParse<GnafPostcode> {
  return parseTable(text, ['state', 'postcode', 'count', 'latitude', 'longitude'], ({ values }) => {
    const state = jurisdictionOf(values.state ?? '');
    const point = coordinates(values.latitude, values.longitude);
    const addresses = count(values.count);
    if (!POSTCODE.test(values.postcode ?? '')) return 'postcode is not four digits';
    if (!state) return 'unknown state';
    if (!point) return 'no usable coordinates';
    if (addresses === null) return 'address count is not a whole number';
    return { postcode: values.postcode ?? '', state, addresses, ...point };
  });
}

export function parseAustralianPostcodesCsv(text: string): TableParse<PostcodeLocality> {
  const required = ['Postcode', 'Locality', 'State', 'Lat', 'Long', 'Type', 'Status', 'LGA Code'];
  return parseTable(text, required, ({ values }) => {
    const state = jurisdictionOf(values.State ?? '');
    const locality = values.Locality?.trim();
    if (!locality) return 'no locality name';
    if (!POSTCODE.test(values.Postcode ?? '')) return 'postcode is not four digits';
    if (!state) return 'unknown state';
    if (/^removed/i.test(values.Status ?? '')) return `marked removed (${values.Status ?? ''})`;
    const lgaCode = values['LGA Code']?.trim() ?? '';
    return {
      postcode: values.Postcode ?? '',
      locality,
      state,
      point:
        coordinates(values['Lat (Google)'], values['Long (Google)']) ?? coordinates(values.Lat, values.Long),
      postcodeLgaCode: /^\d{5}$/.test(lgaCode) ? lgaCode : null,
      deliveryType: values.Type?.trim() ?? '',
    };
  });
}
