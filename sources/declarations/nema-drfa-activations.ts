import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import {
  DECLARATION_SOURCES,
  DRFA_CATEGORIES,
  jurisdictionOf,
  type DeclarationParseResult,
  type DeclarationRecord,
  type RejectedRow,
} from '../../model/index.js';
import { foldHazardList } from './disaster-types.js';

/**
 * NEMA's "DRFA activation history by location" (data.gov.au dataset drfa-activation-history-by-lga),
 * one row per AGRN and area: Location_Name, Location_Type (LGA | SAL), Location_code (ABS LGA 2022 or
 * SAL 2021 code), STATE (full name), event_name, agrn, cat_A…cat_D (0/1), highest_drfa_category_group,
 * AGDRP, DRA (0/1), hazard_type (comma list), disaster_start_date (ISO). It publishes no end date.
 */
const COLUMNS = [
  'Location_Name',
  'Location_Type',
  'Location_code',
  'STATE',
  'event_name',
  'agrn',
  'cat_A',
  'cat_B',
  'cat_C',
  'cat_D',
  'AGDRP',
  'DRA',
  'hazard_type',
  'disaster_start_date',
] as const;
type Column = (typeof COLUMNS)[number];

const SOURCE = 'nema_drfa_activations';

function flag(value: string | undefined): boolean | undefined {
  if (value?.trim() === '1') return true;
  if (value?.trim() === '0') return false;
  return undefined;
}

export interface DrfaParseOptions {
  /** Where the file was fetched from; defaults to the dataset page. */
  sourceUrl?: string;
}

/** One row → a record, or the reason it is not one. */
function toRecord(get: (column: Column) => string, sourceUrl: string): DeclarationRecord | string {
  const type = get('Location_Type').toUpperCase();
  const code = get('Location_code');
  const jurisdiction = jurisdictionOf(get('STATE'));
  const agrn = Number(get('agrn'));
  const start = DateTime.fromISO(get('disaster_start_date'), { zone: 'utc' });
  const flags = {
    A: flag(get('cat_A')),
    B: flag(get('cat_B')),
    C: flag(get('cat_C')),
    D: flag(get('cat_D')),
    agdrp: flag(get('AGDRP')),
    dra: flag(get('DRA')),
  };
  if (type !== 'LGA' && type !== 'SAL') return `Location_Type ${type || '(empty)'} is neither LGA nor SAL`;
  if (!/^\d{5}$/.test(code)) return `Location_code ${code || '(empty)'} is not five digits`;
  if (!get('Location_Name')) return 'no Location_Name';
  if (!jurisdiction) return `unknown STATE ${get('STATE')}`;
  if (!/^\d{1,6}$/.test(get('agrn')) || agrn < 1)
    return `agrn ${get('agrn') || '(empty)'} is not a number of 1 to 6 digits`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(get('disaster_start_date')) || !start.isValid) {
    return `disaster_start_date ${get('disaster_start_date') || '(empty)'} is not an ISO date`;
  }
  if (Object.values(flags).some((value) => value === undefined))
    return 'a category or payment flag is not 0 or 1';
  const categories = DRFA_CATEGORIES.filter((category) => flags[category]);
  const hazards = get('hazard_type')
    .split(',')
    .map((hazard) => hazard.trim())
    .filter(Boolean);
  const areaType = type === 'LGA' ? 'lga' : 'sal';
  return {
    id: `${SOURCE}:${agrn}:${areaType}:${code}`,
    source: SOURCE,
    instrumentType: DECLARATION_SOURCES[SOURCE].instrumentType,
    jurisdiction,
    agrn,
    eventName: get('event_name'),
    disasterTypes: foldHazardList(hazards).types,
    hazards,
    area: { type: areaType, code, name: get('Location_Name') },
    startDate: start.toISODate() ?? get('disaster_start_date'),
    endDate: null,
    drfa: {
      // Older rows carry every flag 0 with group `unknown`: the categories are not stated, not absent.
      categories: categories.length > 0 ? categories : null,
      agdrp: flags.agdrp === true,
      dra: flags.dra === true,
    },
    assistance: null,
    sourceUrl,
  };
}

export function parseDrfaActivationsCsv(
  text: string,
  options: DrfaParseOptions = {},
): DeclarationParseResult {
  const sourceUrl = options.sourceUrl ?? DECLARATION_SOURCES[SOURCE].url;
  // With `info`, each record comes as { record, info } (the typings do not model the option).
  const rows = parse(text, {
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  const header = rows[0]?.record.map((name) => name.trim()) ?? [];
  const missing = COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw new Error(`Not a DRFA activation history: no column(s) ${missing.join(', ')}`);
  const records: DeclarationRecord[] = [];
  const rejected: RejectedRow[] = [];
  const unmapped = new Set<string>();
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of rows.slice(1)) {
    const text = record.join(',').slice(0, 200);
    if (record.length !== header.length) {
      rejected.push({
        line: info.lines,
        reason: `has ${record.length} fields, the header has ${header.length}`,
        text,
      });
      continue;
    }
    const get = (column: Column) => (record[header.indexOf(column)] ?? '').trim();
    const parsed = toRecord(get, sourceUrl);
    if (typeof parsed === 'string') {
      rejected.push({ line: info.lines, reason: parsed, text });
      continue;
    }
    const earlier = firstLineOf.get(parsed.id);
    if (earlier !== undefined) {
      rejected.push({ line: info.lines, reason: `repeats line ${earlier} (same AGRN and area)`, text });
      continue;
    }
    firstLineOf.set(parsed.id, info.lines);
    foldHazardList(parsed.hazards).unmapped.forEach((hazard) => unmapped.add(hazard));
    records.push(parsed);
  }
  return { records, rejected, unmappedHazards: [...unmapped].sort() };
}
