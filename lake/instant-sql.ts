/**
 * Instants and days as the lake stores them from schema version 3 (docs/adr/0041-typed-lake-files.md):
 * TIMESTAMPTZ (UTC) and DATE, made from the service's ISO 8601 text, and the text made again where the
 * service reads it from the typed column. Plain SQL, no extension.
 */

/** ISO text → TIMESTAMPTZ. */
export function instantFromTextSql(column: string): string {
  return `CAST(${column} AS TIMESTAMPTZ)`;
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
