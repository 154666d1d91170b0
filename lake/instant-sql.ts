/**
 * Instants as the lake stores them from schema version 3 (docs/adr/0041-typed-lake-files.md): a
 * TIMESTAMPTZ in UTC, and beside it the offset the service wrote the time with (minutes east of UTC,
 * the local time of the incident's state), so a file compares instants as instants and the service
 * reads back the text it serves. Plain SQL, no extension.
 *
 * The service's times are ISO 8601 to the second with an offset (`2026-11-30T04:16:14+11:00`); one
 * written in UTC with `Z` reads back with `Z`, and milliseconds, when a time has them, as three digits.
 */

/** ISO text → TIMESTAMPTZ. */
export function instantFromTextSql(column: string): string {
  return `CAST(${column} AS TIMESTAMPTZ)`;
}

/** ISO text → its offset in minutes east of UTC (`Z`: 0). */
export function offsetFromTextSql(column: string): string {
  const sign = `CASE WHEN substr(${column}, -6, 1) = '-' THEN -1 ELSE 1 END`;
  const minutes = `CAST(substr(${column}, -5, 2) AS INTEGER) * 60 + CAST(substr(${column}, -2, 2) AS INTEGER)`;
  return `CAST(CASE WHEN ${column} IS NULL THEN NULL WHEN right(${column}, 1) = 'Z' THEN 0 ELSE ${sign} * (${minutes}) END AS SMALLINT)`;
}

/** TIMESTAMPTZ and offset → the ISO text the service serves (NULL stays NULL). */
export function textFromInstantSql(instant: string, offset: string): string {
  const local = `timezone('UTC', ${instant}) + to_minutes(${offset})`;
  const millis = `CAST(floor(microsecond(${instant}) / 1000) AS INTEGER) % 1000`;
  const fraction = `CASE WHEN ${millis} = 0 THEN '' ELSE '.' || lpad(CAST(${millis} AS VARCHAR), 3, '0') END`;
  const magnitude = `abs(${offset})`;
  const zone = `CASE WHEN ${offset} = 0 THEN 'Z' ELSE CASE WHEN ${offset} < 0 THEN '-' ELSE '+' END
    || lpad(CAST(${magnitude} // 60 AS VARCHAR), 2, '0') || ':' || lpad(CAST(${magnitude} % 60 AS VARCHAR), 2, '0') END`;
  return `CASE WHEN ${instant} IS NULL THEN NULL ELSE strftime(${local}, '%Y-%m-%dT%H:%M:%S') || ${fraction} || ${zone} END`;
}

/** TIMESTAMPTZ → the text the service wrote it as in UTC: `2026-11-29T18:03:23.899Z` (toISOString). */
export function textFromUtcInstantSql(instant: string): string {
  return `strftime(timezone('UTC', ${instant}), '%Y-%m-%dT%H:%M:%S.%gZ')`;
}

/** `YYYY-MM-DD` text → DATE. */
export function dateFromTextSql(column: string): string {
  return `CAST(${column} AS DATE)`;
}

/** DATE → `YYYY-MM-DD`. */
export function textFromDateSql(column: string): string {
  return `strftime(${column}, '%Y-%m-%d')`;
}
