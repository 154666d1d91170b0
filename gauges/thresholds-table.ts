import { CsvError, parse } from 'csv-parse/sync';
import { GAUGE_SOURCE_NAMES, gaugeId, type FloodThresholds, type GaugeSourceName } from '../model/index.js';

/**
 * The flood thresholds table: the Bureau of Meteorology publishes flood class levels in documents
 * (flood warning network pages and PDFs), not as data, so the levels are transcribed into a CSV kept
 * with the deployment. Version 1:
 *
 *   # flood-thresholds v1
 *   source,station_no,station_name,minor,moderate,major,datum,source_url,retrieved
 *   nsw-hydstra,203014,Wilsons R at Eltham,6.0,8.0,10.0,local,https://…,2026-01-15
 *
 * A level left empty is not published for that class. Levels must rise from minor to major; datum is
 * `local` or `ahd`; retrieved is the date the document was read. A gauge without a row is
 * unclassified: nothing is ever estimated.
 */

export const THRESHOLDS_TABLE_VERSION_LINE = '# flood-thresholds v1';
export const THRESHOLDS_TABLE_COLUMNS = [
  'source',
  'station_no',
  'station_name',
  'minor',
  'moderate',
  'major',
  'datum',
  'source_url',
  'retrieved',
] as const;

export class ThresholdsTableError extends Error {
  override readonly name = 'ThresholdsTableError';

  constructor(readonly problems: string[]) {
    super(`flood thresholds table: ${problems.join('; ')}`);
  }
}

/** Gauge id (water level) → its thresholds. */
export type ThresholdsTable = Map<string, FloodThresholds>;

/** Reads a version-1 table; every problem found is reported at once in a ThresholdsTableError. */
export function loadThresholdsTable(text: string): ThresholdsTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: string[] = [];
  if (lines[0]?.trim() !== THRESHOLDS_TABLE_VERSION_LINE) {
    throw new ThresholdsTableError([`first line must be "${THRESHOLDS_TABLE_VERSION_LINE}"`]);
  }
  const [header, ...rows] = csvRows(lines.slice(1).join('\n'));
  if (header?.fields.join(',') !== THRESHOLDS_TABLE_COLUMNS.join(',')) {
    throw new ThresholdsTableError([`header must be ${THRESHOLDS_TABLE_COLUMNS.join(',')}`]);
  }
  const table: ThresholdsTable = new Map();
  for (const { line, fields } of rows) {
    const at = `line ${line + 1}`;
    if (fields.length !== THRESHOLDS_TABLE_COLUMNS.length) {
      problems.push(`${at}: ${fields.length} fields, expected ${THRESHOLDS_TABLE_COLUMNS.length}`);
      continue;
    }
    const [source, stationNo, , minor, moderate, major, datum, sourceUrl, retrieved] = fields.map((f) =>
      f.trim(),
    ) as [string, ...string[]];
    const rowProblems: string[] = [];
    if (!isSource(source)) rowProblems.push(`unknown source "${source}"`);
    if (!stationNo) rowProblems.push('empty station_no');
    const levels = {
      minor: level(minor!, 'minor', rowProblems),
      moderate: level(moderate!, 'moderate', rowProblems),
      major: level(major!, 'major', rowProblems),
    };
    const published = [levels.minor, levels.moderate, levels.major].filter(
      (value): value is number => value !== null,
    );
    if (published.length === 0) rowProblems.push('no level published');
    if (published.some((value, index) => index > 0 && value <= published[index - 1]!)) {
      rowProblems.push('levels must rise from minor to major');
    }
    if (datum !== 'local' && datum !== 'ahd') rowProblems.push(`datum "${datum}" is not local or ahd`);
    if (!/^https?:\/\/\S+$/.test(sourceUrl!)) rowProblems.push('source_url is not an http(s) address');
    if (!isDate(retrieved!)) rowProblems.push(`retrieved "${retrieved}" is not a YYYY-MM-DD date`);
    if (rowProblems.length > 0 || !isSource(source)) {
      problems.push(...rowProblems.map((problem) => `${at}: ${problem}`));
      continue;
    }
    const id = gaugeId(source, stationNo!, 'water_level');
    if (table.has(id)) {
      problems.push(`${at}: a second row for ${source} ${stationNo}`);
      continue;
    }
    table.set(id, {
      ...levels,
      datum: datum as 'local' | 'ahd',
      sourceUrl: sourceUrl!,
      retrieved: retrieved!,
    });
  }
  if (problems.length > 0) throw new ThresholdsTableError(problems);
  return table;
}

/**
 * The table with thresholds from elsewhere (AQUARIUS series thresholds) added for gauges the table
 * does not list. The curated table wins: it carries the Bureau's published levels.
 */
export function mergeThresholds(
  table: ThresholdsTable,
  extra: ReadonlyMap<string, FloodThresholds>,
): ThresholdsTable {
  const merged: ThresholdsTable = new Map(extra);
  for (const [id, thresholds] of table) merged.set(id, thresholds);
  return merged;
}

/**
 * RFC 4180 rows (quoted fields with "" for a quote and line breaks; CRLF, LF or CR), each with the
 * 1-based line it starts on, for messages. A file that is not CSV (an unclosed quote) is a table error.
 */
function csvRows(text: string): { line: number; fields: string[] }[] {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as { record: string[]; info: { lines: number } }[]; // `info` wraps each record (untyped)
    // `lines` is where a record ends: a quoted field's line breaks put its start before.
    return records.map(({ record, info }) => ({
      line:
        info.lines - record.reduce((breaks, field) => breaks + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0),
      fields: record,
    }));
  } catch (error) {
    if (error instanceof CsvError) throw new ThresholdsTableError([`not CSV: ${error.message}`]);
    throw error;
  }
}

function isSource(value: string | undefined): value is GaugeSourceName {
  return (GAUGE_SOURCE_NAMES as readonly string[]).includes(value ?? '');
}

function level(text: string, name: string, problems: string[]): number | null {
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    problems.push(`${name} "${text}" is not a number`);
    return null;
  }
  return value;
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
