import { ARCHIVE_FILE_COLUMNS } from '../../lake/archive-columns.js';
import {
  ARCHIVE_INCIDENT_DEFAULTS,
  EVENT_TYPE_CATEGORY,
  EVENT_TYPES,
  INTERCHANGE_COLUMNS,
  INTERCHANGE_PATTERNS,
  INTERCHANGE_RANGES,
  PROBLEM_VALUE_MAX,
  STATE_TIME_ZONES,
  STATES,
  type ArchiveRecord,
  type InterchangeColumn,
} from '../../model/index.js';

/**
 * The interchange rules of docs/archive-format.md in DuckDB SQL, built from the same column list,
 * patterns and ranges as the streaming reader, so that both load paths accept, reject and map every row
 * alike (test/archive checks that they do).
 */

export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** How the staged table holds a column: as text (CSV, or VARCHAR in Parquet), typed, or not at all. */
export type ColumnHolding = 'text' | 'typed' | 'absent';

export interface ColumnExpressions {
  /** The cell as text, null when empty. */
  text: string;
  /** The cell as its Parquet type. */
  typed: string;
}

export function columnExpressions(column: InterchangeColumn, holding: ColumnHolding): ColumnExpressions {
  const name = quoted(column.name);
  if (holding === 'absent') return { text: 'NULL::VARCHAR', typed: `NULL::${column.parquet}` };
  if (holding === 'typed')
    return { text: `CAST(${name} AS VARCHAR)`, typed: `CAST(${name} AS ${column.parquet})` };
  const text = `NULLIF(CAST(${name} AS VARCHAR), '')`;
  return { text, typed: column.parquet === 'VARCHAR' ? text : `CAST(${text} AS ${column.parquet})` };
}

const problem = (kind: string, field: string | null, value: string | null): string =>
  `{'problem': ${sqlText(kind)}, 'field': ${field === null ? 'NULL::VARCHAR' : sqlText(field)}, 'value': ${
    value === null ? 'NULL::VARCHAR' : `left(${value}, ${PROBLEM_VALUE_MAX})`
  }}`;

/** Kinds whose pattern is a list of values: an IN list says the same, faster. */
const ENUMERATED: Partial<Record<InterchangeColumn['kind'], readonly string[]>> = {
  state: STATES,
  event_type: EVENT_TYPES,
};

/** `WHEN … THEN problem` clauses of one column, in the streaming reader's order. */
function columnChecks(column: InterchangeColumn, holding: ColumnHolding): string[] {
  if (holding === 'absent') return [];
  const { text, typed } = columnExpressions(column, holding);
  const checks: string[] = [];
  const when = (condition: string, kind: string, withValue = true): void => {
    checks.push(`WHEN ${condition} THEN ${problem(kind, column.name, withValue ? text : null)}`);
  };
  if (column.required) when(`${text} IS NULL`, 'missing', false);
  const range = INTERCHANGE_RANGES[column.kind];
  if (holding === 'text') {
    const pattern = INTERCHANGE_PATTERNS[column.kind];
    const values = ENUMERATED[column.kind];
    const invalid = [
      ...(values
        ? [`${text} NOT IN (${values.map(sqlText).join(', ')})`]
        : pattern
          ? [`NOT regexp_full_match(${text}, ${sqlText(pattern)})`]
          : []),
      ...(column.kind === 'date' ? [`TRY_CAST(${text} AS DATE) IS NULL`] : []),
      ...(column.kind === 'json_object'
        ? [`NOT (CASE WHEN json_valid(${text}) THEN json_type(${text}::JSON) = 'OBJECT' ELSE false END)`]
        : []),
    ];
    if (invalid.length > 0) when(`${text} IS NOT NULL AND (${invalid.join(' OR ')})`, 'invalid');
    if (range) when(`NOT (TRY_CAST(${text} AS DOUBLE) BETWEEN ${range[0]} AND ${range[1]})`, 'out_of_range');
    return checks;
  }
  // Typed Parquet columns: the type stands for the pattern; what the pattern also rules out is checked.
  const invalid =
    column.kind === 'date'
      ? `NOT (year(${typed}) BETWEEN 1000 AND 2999)`
      : column.kind === 'count' || column.kind === 'amount'
        ? `${typed} < 0 OR NOT isfinite(${typed})`
        : column.parquet === 'DOUBLE'
          ? `NOT isfinite(${typed})`
          : undefined;
  if (invalid) when(`${typed} IS NOT NULL AND (${invalid})`, 'invalid');
  if (range) when(`NOT (${typed} BETWEEN ${range[0]} AND ${range[1]})`, 'out_of_range');
  return checks;
}

export type Holdings = Readonly<Record<string, ColumnHolding>>;

const byName = (name: string): InterchangeColumn =>
  INTERCHANGE_COLUMNS.find((column) => column.name === name)!;

/** The first problem of a row as a struct {problem, field, value}, or NULL when the row is good. */
export function problemSql(holdings: Holdings): string {
  const expressions = (name: string): ColumnExpressions =>
    columnExpressions(byName(name), holdings[name] ?? 'absent');
  const [latitude, longitude, start, end] = [
    'latitude',
    'longitude',
    'event_start_date',
    'event_end_date',
  ].map(expressions) as [ColumnExpressions, ColumnExpressions, ColumnExpressions, ColumnExpressions];
  const clauses = [
    ...INTERCHANGE_COLUMNS.flatMap((column) => columnChecks(column, holdings[column.name] ?? 'absent')),
    `WHEN (${latitude.text} IS NULL) <> (${longitude.text} IS NULL) THEN ${problem('half_point', null, null)}`,
    `WHEN ${end.typed} < ${start.typed} THEN ${problem('end_before_start', 'event_end_date', end.text)}`,
  ];
  return `CASE ${clauses.join('\n  ')} END`;
}

const constant = (value: string): string => sqlText(value);

/**
 * Macros the mapping uses: local midnight of a day in a zone as ISO 8601 text, with the offset in
 * force at 22:00 the evening before cut to minutes (sources/archive/local-days.ts).
 */
export const MAPPING_MACROS = [
  `CREATE OR REPLACE TEMP MACRO archive_offset_text(s) AS
     (CASE WHEN s >= 0 THEN '+' ELSE '-' END)
     || lpad(CAST(floor(abs(s) / 3600) AS BIGINT)::VARCHAR, 2, '0') || ':'
     || lpad(CAST(floor(abs(s) / 60) % 60 AS BIGINT)::VARCHAR, 2, '0')`,
  `CREATE OR REPLACE TEMP MACRO archive_offset_before(t, zone) AS
     epoch(t) - epoch(timezone('UTC', timezone(zone, t)))`,
  `CREATE OR REPLACE TEMP MACRO archive_local_midnight(d, zone) AS
     strftime(d::TIMESTAMP, '%Y-%m-%dT%H:%M:%S')
     || archive_offset_text(archive_offset_before(d::TIMESTAMP - INTERVAL 2 HOUR, zone))`,
];

/**
 * Columns computed with the problem, for every row: the partitioning, locating and day lookups use
 * them. Bad rows get them too, so they never fail to compute (TRY_CAST).
 */
export function keyColumnsSql(holdings: Holdings): string {
  const column = (name: string): ColumnExpressions =>
    columnExpressions(byName(name), holdings[name] ?? 'absent');
  const date = (name: string): string => `TRY_CAST(${column(name).text} AS DATE)`;
  return [
    `${date('event_start_date')} AS start_date`,
    `coalesce(${date('event_end_date')}, ${date('event_start_date')}) AS end_date`,
    `CAST(year(${date('event_start_date')}) AS INTEGER) AS start_year`,
    `${column('state').text} AS k_state`,
    `${column('postcode').text} AS k_postcode`,
    `${column('lga').text} AS k_lga`,
    `${column('latitude').text} IS NOT NULL AS k_has_point`,
  ].join(', ');
}

/**
 * The local midnights of every (state, day) that starts or ends a good row, computed once each: the
 * zone arithmetic is the costly part of the mapping, a large archive has far fewer distinct days than
 * rows, and ICU is several times faster with one zone per statement than with a zone per row.
 */
export function daysTableSql(): string[] {
  const perState = Object.entries(STATE_TIME_ZONES).map(
    ([state, zone]) =>
      `INSERT INTO days
       SELECT d_state, d_date, d_midnight, CAST(d_midnight AS TIMESTAMPTZ),
              CAST(archive_local_midnight(d_date + 1, ${sqlText(zone)}) AS TIMESTAMPTZ)
       FROM (SELECT d_state, d_date, archive_local_midnight(d_date, ${sqlText(zone)}) AS d_midnight
             FROM wanted_days WHERE d_state = ${sqlText(state)})`,
  );
  return [
    `CREATE TEMP TABLE wanted_days AS
     SELECT DISTINCT k_state AS d_state, d_date
     FROM (SELECT k_state, start_date AS d_date FROM staged WHERE problem IS NULL
           UNION ALL SELECT k_state, end_date FROM staged WHERE problem IS NULL)`,
    `CREATE TEMP TABLE days (d_state VARCHAR, d_date DATE, d_midnight VARCHAR, d_instant TIMESTAMPTZ, d_next_instant TIMESTAMPTZ)`,
    ...perState,
    'DROP TABLE wanted_days',
  ];
}

/**
 * The good rows, each with what the lookups found: its approximate location (a_latitude, a_longitude,
 * a_lga, a_precision; null when none) and the local midnights of its start and end. A file's rows are
 * these with its state and span of start years added to the WHERE clause.
 */
export const GOOD_ROWS_SQL = `SELECT s.* EXCLUDE (problem), s.rowid AS k_ordinal,
         a.a_latitude, a.a_longitude, a.a_lga, a.a_precision,
         ds.d_midnight AS start_midnight, ds.d_instant AS start_instant,
         de.d_midnight AS end_midnight, de.d_next_instant AS end_next_instant
  FROM staged s
    LEFT JOIN approx a ON a.a_state = s.k_state
      AND a.a_postcode = coalesce(s.k_postcode, '') AND a.a_lga_name = coalesce(s.k_lga, '')
    JOIN days ds ON ds.d_state = s.k_state AND ds.d_date = s.start_date
    JOIN days de ON de.d_state = s.k_state AND de.d_date = s.end_date
  WHERE s.problem IS NULL`;

/** SELECT list of an archive file's columns, in ARCHIVE_FILE_COLUMNS order, over a row \`s\` of \`good\`. */
export function recordSelectSql(holdings: Holdings, loadedAt: string): string {
  const column = (name: string): ColumnExpressions =>
    columnExpressions(byName(name), holdings[name] ?? 'absent');
  const t = (name: string): string => column(name).text;
  const v = (name: string): string => column(name).typed;
  const latitude = `CASE WHEN s.k_has_point THEN ${v('latitude')} ELSE s.a_latitude END`;
  const longitude = `CASE WHEN s.k_has_point THEN ${v('longitude')} ELSE s.a_longitude END`;
  const category = `CASE ${t('event_type')} ${Object.entries(EVENT_TYPE_CATEGORY)
    .map(([type, name]) => `WHEN ${sqlText(type)} THEN ${sqlText(name)}`)
    .join(' ')} END`;
  const expressions: Record<Exclude<keyof ArchiveRecord, 'geometry'>, string> = {
    id: `s.k_state || '-' || ${t('agency')} || '-' || ${t('source_id')}`,
    feature_type: constant(ARCHIVE_INCIDENT_DEFAULTS.feature_type),
    parent_id: 'NULL::VARCHAR',
    state: 's.k_state',
    agency: t('agency'),
    feed_id: t('source_id'),
    title: t('title'),
    event_type: t('event_type'),
    event_category: category,
    status: constant(ARCHIVE_INCIDENT_DEFAULTS.status),
    warning_level: constant(ARCHIVE_INCIDENT_DEFAULTS.warning_level),
    severity: constant(ARCHIVE_INCIDENT_DEFAULTS.severity),
    urgency: constant(ARCHIVE_INCIDENT_DEFAULTS.urgency),
    certainty: constant(ARCHIVE_INCIDENT_DEFAULTS.certainty),
    address: `coalesce(${t('address')}, '')`,
    suburb: `coalesce(${t('suburb')}, '')`,
    lga: `coalesce(CASE WHEN s.k_has_point THEN s.k_lga ELSE s.a_lga END, s.k_lga, '')`,
    location_state: 's.k_state',
    latitude,
    longitude,
    precision: `CASE WHEN s.k_has_point THEN 'exact' ELSE s.a_precision END`,
    details: `coalesce(${t('details')}, '{}')`,
    reported_at: 's.start_midnight',
    updated_at: 's.end_midnight',
    fetched_at: sqlText(loadedAt),
    retracted: 'false',
    retracted_at: 'NULL::VARCHAR',
    retraction_reason: 'NULL::VARCHAR',
    event_start_date: 'CAST(s.start_date AS VARCHAR)',
    event_end_date: `CAST(${v('event_end_date')} AS VARCHAR)`,
    magnitude: v('magnitude'),
    magnitude_scale: t('magnitude_scale'),
    impact_deaths: v('impact_deaths'),
    impact_affected: v('impact_affected'),
    impact_economic: v('impact_economic'),
    glide_number: t('glide_number'),
    valid_from: 's.start_instant',
    valid_to: 's.end_next_instant',
  };
  return ARCHIVE_FILE_COLUMNS.map(
    ({ name, sql }) => `CAST(${expressions[name as keyof typeof expressions]} AS ${sql}) AS ${quoted(name)}`,
  ).join(',\n  ');
}
