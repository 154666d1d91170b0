import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_FIELD_COLUMNS, ARCHIVE_RECORD_COLUMNS } from '../../lake/archive-columns.js';
import { RECORD_COLUMNS } from '../../lake/incident-columns.js';
import { STATE_TIME_ZONES, STATES } from '../../model/index.js';
import { isCalendarDate, localMidnight, nextDay } from '../../sources/archive/index.js';
import { MAPPING_MACROS } from '../../warehouse/archive/interchange-sql.js';

/** Days that test the zones: local mean time, the switch to standard time, wartime and modern DST. */
function sampleDays(): string[] {
  const years = [
    1840, 1880, 1894, 1895, 1896, 1899, 1917, 1942, 1943, 1944, 1967, 1971, 1972, 1987, 2008, 2009, 2026,
  ];
  const days = years.flatMap((year) =>
    Array.from({ length: 12 }, (_, month) =>
      [1, 15].map((day) => `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`),
    ).flat(),
  );
  // Every day around the DST changes of 2008–09 and 1917.
  for (const [year, month] of [
    [2008, 10],
    [2009, 4],
    [2009, 10],
    [1917, 1],
    [1917, 3],
  ] as const) {
    for (let day = 1; day <= 31; day += 1)
      days.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  return days.filter(isCalendarDate);
}

describe('local days', () => {
  it('starts each day at local midnight, with the offset the zone had that day', () => {
    expect(localMidnight('2009-02-07', 'vic')).toBe('2009-02-07T00:00:00+11:00');
    expect(localMidnight('2009-07-07', 'vic')).toBe('2009-07-07T00:00:00+10:00');
    expect(localMidnight('2009-02-07', 'qld')).toBe('2009-02-07T00:00:00+10:00');
    expect(localMidnight('2009-02-07', 'wa')).toBe('2009-02-07T00:00:00+09:00'); // WA's DST trial
    expect(localMidnight('2010-02-07', 'wa')).toBe('2010-02-07T00:00:00+08:00');
    // Standard time began at midnight: Victoria skipped 20 minutes, NSW repeated 5; each day starts at the change.
    expect(localMidnight('1895-02-01', 'vic')).toBe('1895-02-01T00:00:00+09:39');
    expect(localMidnight('1895-02-01', 'nsw')).toBe('1895-02-01T00:00:00+10:04');
    expect(localMidnight('1895-02-02', 'nsw')).toBe('1895-02-02T00:00:00+10:00');
    expect(localMidnight('1850-03-01', 'nsw')).toBe('1850-03-01T00:00:00+10:04');
    expect(() => localMidnight('2009-02-30', 'vic')).toThrow(RangeError);
  });

  it('counts calendar days', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('1900-02-28')).toBe('1900-03-01');
    expect(nextDay('1999-12-31')).toBe('2000-01-01');
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2024-2-29')).toBe(false);
  });

  it('writes the same midnight in DuckDB as in luxon, in every state', async () => {
    const days = sampleDays();
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    for (const macro of MAPPING_MACROS) await connection.run(macro);
    const pairs = STATES.flatMap((state) =>
      days.map((day) => `('${state}', '${STATE_TIME_ZONES[state]}', DATE '${day}')`),
    );
    const rows = (
      await connection.runAndReadAll(
        `SELECT state, day::VARCHAR AS day, archive_local_midnight(day, zone) AS midnight FROM (VALUES ${pairs.join(', ')}) t(state, zone, day)`,
      )
    ).getRowObjectsJS() as { state: (typeof STATES)[number]; day: string; midnight: string }[];
    connection.closeSync();
    instance.closeSync();
    expect(rows.length).toBe(STATES.length * days.length);
    const differing = rows.filter((row) => row.midnight !== localMidnight(row.day, row.state));
    expect(differing).toEqual([]);
  });
});

describe('archive columns', () => {
  it('are the record columns, then the archive fields as the serving table declares them, then validity', () => {
    expect(ARCHIVE_RECORD_COLUMNS.slice(0, RECORD_COLUMNS.length)).toEqual(RECORD_COLUMNS);
    expect(ARCHIVE_RECORD_COLUMNS.slice(RECORD_COLUMNS.length, -2)).toEqual(ARCHIVE_FIELD_COLUMNS);
    expect(ARCHIVE_FIELD_COLUMNS.map((column) => `${column.name} ${column.sql}`).join(', ')).toBe(
      'event_start_date VARCHAR, event_end_date VARCHAR, magnitude DOUBLE, magnitude_scale VARCHAR, ' +
        'impact_deaths INTEGER, impact_affected INTEGER, impact_economic DOUBLE, glide_number VARCHAR',
    );
    expect(ARCHIVE_RECORD_COLUMNS.slice(-2).map((column) => `${column.name} ${column.sql}`)).toEqual([
      'valid_from TIMESTAMPTZ',
      'valid_to TIMESTAMPTZ',
    ]);
  });
});
