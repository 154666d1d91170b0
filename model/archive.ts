import { EVENT_TYPES, STATES, type Precision, type StateCode } from './enums.js';
import type { ArchiveFields, IncidentRecord } from './record.js';

/**
 * An archive row as stored and served: the incident record, the archive's own fields, and the
 * interval in which the incident counts as active for snapshots (`valid_to` exclusive). The interval is
 * the local days of the event in its state: midnight of the start date to midnight after the end date.
 */
export type ArchiveRecord = IncidentRecord &
  ArchiveFields & {
    valid_from: string;
    valid_to: string;
  };

/** Fixed values of archive incidents: events that are over, observed, with no warning in force. */
export const ARCHIVE_INCIDENT_DEFAULTS = {
  feature_type: 'incident',
  status: 'completed',
  warning_level: 'none',
  severity: 'Unknown',
  urgency: 'Past',
  certainty: 'Observed',
} as const satisfies Partial<ArchiveRecord>;

/**
 * The project's archive interchange format (docs/archive-format.md): one row per archive incident per
 * state. Each column's kind decides how its text is checked; `parquet` is its type in the Parquet form.
 */
export type InterchangeKind =
  | 'text'
  | 'code'
  | 'state'
  | 'event_type'
  | 'date'
  | 'latitude'
  | 'longitude'
  | 'decimal'
  | 'amount'
  | 'count'
  | 'postcode'
  | 'json_object';

export interface InterchangeColumn {
  name: string;
  kind: InterchangeKind;
  required: boolean;
  parquet: 'VARCHAR' | 'DATE' | 'DOUBLE' | 'INTEGER';
}

export const INTERCHANGE_COLUMNS = [
  { name: 'source_id', kind: 'text', required: true, parquet: 'VARCHAR' },
  { name: 'agency', kind: 'code', required: true, parquet: 'VARCHAR' },
  { name: 'state', kind: 'state', required: true, parquet: 'VARCHAR' },
  { name: 'event_type', kind: 'event_type', required: true, parquet: 'VARCHAR' },
  { name: 'title', kind: 'text', required: true, parquet: 'VARCHAR' },
  { name: 'event_start_date', kind: 'date', required: true, parquet: 'DATE' },
  { name: 'event_end_date', kind: 'date', required: false, parquet: 'DATE' },
  { name: 'latitude', kind: 'latitude', required: false, parquet: 'DOUBLE' },
  { name: 'longitude', kind: 'longitude', required: false, parquet: 'DOUBLE' },
  { name: 'address', kind: 'text', required: false, parquet: 'VARCHAR' },
  { name: 'suburb', kind: 'text', required: false, parquet: 'VARCHAR' },
  { name: 'postcode', kind: 'postcode', required: false, parquet: 'VARCHAR' },
  { name: 'lga', kind: 'text', required: false, parquet: 'VARCHAR' },
  { name: 'magnitude', kind: 'decimal', required: false, parquet: 'DOUBLE' },
  { name: 'magnitude_scale', kind: 'text', required: false, parquet: 'VARCHAR' },
  { name: 'impact_deaths', kind: 'count', required: false, parquet: 'INTEGER' },
  { name: 'impact_affected', kind: 'count', required: false, parquet: 'INTEGER' },
  { name: 'impact_economic', kind: 'amount', required: false, parquet: 'DOUBLE' },
  { name: 'glide_number', kind: 'text', required: false, parquet: 'VARCHAR' },
  { name: 'details', kind: 'json_object', required: false, parquet: 'VARCHAR' },
] as const satisfies readonly InterchangeColumn[];

export type InterchangeColumnName = (typeof INTERCHANGE_COLUMNS)[number]['name'];

/**
 * Whole-value patterns of the checked kinds, written in the common subset of JavaScript and RE2 syntax
 * so the streaming reader and the DuckDB bulk path apply the very same rule.
 */
export const INTERCHANGE_PATTERNS: Readonly<Partial<Record<InterchangeKind, string>>> = {
  code: '[a-z][a-z0-9_]*',
  state: STATES.join('|'),
  event_type: EVENT_TYPES.join('|'),
  date: '[12][0-9]{3}-[0-9]{2}-[0-9]{2}',
  latitude: '-?[0-9]+(\\.[0-9]+)?',
  longitude: '-?[0-9]+(\\.[0-9]+)?',
  decimal: '-?[0-9]+(\\.[0-9]+)?',
  amount: '[0-9]+(\\.[0-9]+)?',
  count: '[0-9]+',
  postcode: '[0-9]{4}',
};

/** Inclusive bounds of the numeric kinds. */
export const INTERCHANGE_RANGES: Readonly<Partial<Record<InterchangeKind, readonly [number, number]>>> = {
  latitude: [-90, 90],
  longitude: [-180, 180],
  count: [0, 2_147_483_647],
};

/** Why a row of an archive file was set aside (rejected) or loaded with a fallback (warning). */
export const ROW_REJECTIONS = [
  'missing',
  'invalid',
  'out_of_range',
  'half_point',
  'end_before_start',
  'field_count',
  'csv_syntax',
  'no_state',
] as const;
export const ROW_WARNINGS = ['unknown_category', 'unknown_region', 'point_not_placed'] as const;
export type RowRejection = (typeof ROW_REJECTIONS)[number];
export type RowWarning = (typeof ROW_WARNINGS)[number];

/** One problem of one row: never silent, always with the file line where the row starts. */
export interface RowProblem {
  line: number;
  problem: RowRejection | RowWarning;
  /** The column concerned, when there is one. */
  field?: string;
  /** The offending text, cut to `PROBLEM_VALUE_MAX` characters. */
  value?: string;
}

export const PROBLEM_VALUE_MAX = 100;

/** The offending text as a problem reports it: at most `PROBLEM_VALUE_MAX` code points. */
export function problemValue(text: string): string {
  const codePoints = Array.from(text);
  return codePoints.length > PROBLEM_VALUE_MAX ? codePoints.slice(0, PROBLEM_VALUE_MAX).join('') : text;
}

export function isRejection(problem: RowProblem): boolean {
  return (ROW_REJECTIONS as readonly string[]).includes(problem.problem);
}

/** An approximate centroid with the LGA it falls in. */
export interface ApproximatePlace {
  latitude: number;
  longitude: number;
  lga: string;
}

/**
 * What archive loads need from the postcode/LGA lookup: a centroid for rows that have no point, and the
 * state (and LGA) a point falls in, used to give a multi-state event's point to the right state. Every
 * method answers undefined when it does not know.
 */
export interface ApproximateLocator {
  byPostcode(postcode: string, state: StateCode): ApproximatePlace | undefined;
  byLgaName(name: string, state: StateCode): ApproximatePlace | undefined;
  byPoint(latitude: number, longitude: number): { state: StateCode; lga: string } | undefined;
}

/** A locator that knows nothing: rows without a point keep a null geometry. */
export const NO_LOCATOR: ApproximateLocator = {
  byPostcode: () => undefined,
  byLgaName: () => undefined,
  byPoint: () => undefined,
};

/** An approximate location and how it was found. */
export interface ApproximateLocation extends ApproximatePlace {
  precision: Extract<Precision, 'postcode' | 'lga'>;
}

/**
 * The centroid backfilled for a row with no point: its postcode's when the locator knows the postcode,
 * else its LGA's when it knows the LGA name, else none. The row's own LGA name wins over the locator's.
 */
export function approximateLocation(
  locator: ApproximateLocator,
  state: StateCode,
  postcode: string | null,
  lga: string | null,
): ApproximateLocation | undefined {
  const byPostcode = postcode === null ? undefined : locator.byPostcode(postcode, state);
  if (byPostcode) return { ...byPostcode, lga: lga ?? byPostcode.lga, precision: 'postcode' };
  const byLga = lga === null ? undefined : locator.byLgaName(lga, state);
  if (byLga) return { ...byLga, lga: lga ?? byLga.lga, precision: 'lga' };
  return undefined;
}

/** The problems of a load: every one counted, the first `kept` listed with their lines. */
export interface ProblemSummary {
  /** Rows set aside (each has exactly one rejection). */
  rejectedRows: number;
  /** Warnings: rows loaded with a fallback (a row can have several). */
  warnings: number;
  byProblem: Partial<Record<RowProblem['problem'], number>>;
  problems: RowProblem[];
  /** Whether more problems were counted than listed. */
  truncated: boolean;
}

export const PROBLEMS_KEPT = 10_000;

export function emptyProblemSummary(): ProblemSummary {
  return { rejectedRows: 0, warnings: 0, byProblem: {}, problems: [], truncated: false };
}

/** Adds problems to a summary in place (and returns it). */
export function addProblems(
  summary: ProblemSummary,
  problems: Iterable<RowProblem>,
  kept = PROBLEMS_KEPT,
): ProblemSummary {
  for (const problem of problems) {
    if (isRejection(problem)) summary.rejectedRows += 1;
    else summary.warnings += 1;
    summary.byProblem[problem.problem] = (summary.byProblem[problem.problem] ?? 0) + 1;
    if (summary.problems.length < kept) summary.problems.push(problem);
    else summary.truncated = true;
  }
  return summary;
}
