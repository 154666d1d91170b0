import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_GEOMETRY_SQL } from '../../lake/read.js';
import { fileColumns, readingSelect } from '../../lake/stored-columns.js';
import { columnsDdl, LAKE_TABLES } from '../../lake/tables.js';
import { STATES, type ArchiveRecord, type StateCode } from '../../model/index.js';
import { generatedLgaNames, STATE_POSTCODES } from '../../replay/archive/places.js';
import { writeArchiveFile } from '../../replay/archive/generate.js';
import {
  loadArchiveBulk,
  MissingColumnsError,
  type BulkLoadResult,
} from '../../warehouse/archive/bulk-load.js';
import { fileSource, LOADED_AT, readAll, testLocator, type ReadAll } from './support.js';

/** A locator that knows every third postcode of each state and the first ten LGA names of each state. */
function generatedPlacesLocator() {
  const postcodes: Record<string, { latitude: number; longitude: number; lga: string }> = {};
  const lgas: Record<string, { latitude: number; longitude: number }> = {};
  STATES.forEach((state, index) => {
    const [first, last] = STATE_POSTCODES[state];
    for (let code = first; code <= last; code += 3) {
      postcodes[String(code).padStart(4, '0')] = {
        latitude: -20 - index - (code % 100) / 1000,
        longitude: 120 + index + (code % 7) / 3,
        lga: `${state} postcode LGA`,
      };
    }
    for (const name of generatedLgaNames(state).slice(0, 10))
      lgas[name] = { latitude: -30 - index / 10, longitude: 140.5 };
  });
  return testLocator({ postcodes, lgas });
}

let dir: string;
let connection: DuckDBConnection;
let instance: DuckDBInstance;
const query = async <T>(sql: string): Promise<T[]> =>
  (await connection.runAndReadAll(sql)).getRowObjectsJS() as T[];
const files = (out: string, result: BulkLoadResult): string =>
  `[${result.files.map((file) => `'${join(out, file.path)}'`).join(', ')}]`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-bulk-'));
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(async () => {
  connection.closeSync();
  instance.closeSync();
  await rm(dir, { recursive: true, force: true });
});

describe('the bulk archive load', () => {
  const locator = generatedPlacesLocator();
  let input: string;
  let out: string;
  let bulk: BulkLoadResult;
  let streamed: ReadAll;

  beforeAll(async () => {
    input = join(dir, 'rows.csv');
    out = join(dir, 'archive');
    await writeArchiveFile({ rows: 12_000, seed: 31, out: input, format: 'csv', invalidEvery: 89 });
    bulk = await loadArchiveBulk({ input, outDir: out, locator, loadedAt: LOADED_AT, maxRowsPerFile: 1500 });
    streamed = await readAll(fileSource(input), 'interchange', { locator, batchSize: 2500 });
  });

  it('writes exactly the records the streaming reader makes, and sets aside the same rows', async () => {
    expect(bulk.rowsRead).toBe(12_000);
    expect(bulk.records).toBe(streamed.records.length);
    expect(bulk.problems.problems).toEqual(streamed.problems);
    expect(bulk.problems.rejectedRows).toBe(Math.floor(12_000 / 89));

    // Read as the service reads them (lake/read.ts): the stored forms turned back, the GeoJSON
    // geometry built from the point, as the reader made it.
    const written = await query<Record<string, unknown>>(
      `SELECT * REPLACE (epoch_ms(valid_from) AS valid_from, epoch_ms(valid_to) AS valid_to),
              ${ARCHIVE_GEOMETRY_SQL} AS geometry
       FROM (SELECT ${readingSelect(LAKE_TABLES.archive, LAKE_TABLES.archive.schemaVersion)}
             FROM read_parquet(${files(out, bulk)}, hive_partitioning = false)) ORDER BY id`,
    );
    const parsed = (geometry: unknown): unknown =>
      typeof geometry === 'string' ? JSON.parse(geometry) : geometry;
    const expected = [...streamed.records]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((record) => ({
        ...record,
        geometry: parsed(record.geometry),
        valid_from: BigInt(Date.parse(record.valid_from)),
        valid_to: BigInt(Date.parse(record.valid_to)),
      }));
    expect(written.map((row) => ({ ...row, geometry: parsed(row.geometry) }))).toEqual(expected);
    // The locator's centroids were used, by postcode and by LGA name.
    const precisions = new Set(streamed.records.map((record: ArchiveRecord) => record.precision));
    expect(precisions).toEqual(new Set(['exact', 'postcode', 'lga', null]));
  });

  it('partitions by state and spans of start years, each file sorted by start date and ZSTD-compressed', async () => {
    for (const file of bulk.files) {
      expect(file.path).toBe(`state=${file.state}/part-${file.years[0]}-${file.years[1]}.parquet`);
      const path = join(out, file.path);
      const [stats] = await query<{ rows: bigint; unsorted: bigint; outside: bigint; states: bigint }>(
        `SELECT count(*) AS rows,
                count(*) FILTER (WHERE event_start_date < previous) AS unsorted,
                count(*) FILTER (WHERE year(event_start_date::DATE) NOT BETWEEN ${file.years[0]} AND ${file.years[1]}) AS outside,
                count(DISTINCT state) AS states
         FROM (SELECT event_start_date, state, lag(event_start_date) OVER (ORDER BY file_row_number) AS previous
               FROM read_parquet('${path}', file_row_number = true, hive_partitioning = false))`,
      );
      expect(stats).toEqual({ rows: BigInt(file.rows), unsorted: 0n, outside: 0n, states: 1n });
      const codecs = await query<{ compression: string }>(
        `SELECT DISTINCT compression FROM parquet_metadata('${path}')`,
      );
      expect(codecs).toEqual([{ compression: 'ZSTD' }]);
    }
    expect(bulk.files.reduce((sum, file) => sum + file.rows, 0)).toBe(bulk.records);
    // No state's spans overlap, and no file is larger than asked unless one year alone is.
    const byState = new Map<StateCode, [number, number][]>();
    for (const file of bulk.files) byState.set(file.state, [...(byState.get(file.state) ?? []), file.years]);
    for (const spans of byState.values()) {
      for (let index = 1; index < spans.length; index += 1)
        expect(spans[index]![0]).toBeGreaterThan(spans[index - 1]![1]);
    }
    for (const file of bulk.files)
      if (file.years[0] !== file.years[1]) expect(file.rows).toBeLessThanOrEqual(1500);
    expect(bulk.files.filter((file) => file.state === 'nsw').length).toBeGreaterThan(1);
  });

  it('produces files of the lake’s archive table, in the form it stores', async () => {
    await connection.run(`CREATE OR REPLACE TABLE archive (${columnsDdl(LAKE_TABLES.archive)})`);
    await connection.run(
      `INSERT INTO archive SELECT ${readingSelect(LAKE_TABLES.archive, LAKE_TABLES.archive.schemaVersion)}
       FROM read_parquet(${files(out, bulk)}, hive_partitioning = false)`,
    );
    const [active] = await query<{ n: bigint }>(
      `SELECT count(*) AS n FROM archive WHERE state = 'nsw'
         AND valid_from <= TIMESTAMPTZ '1990-06-01 12:00:00+10' AND valid_to > TIMESTAMPTZ '1990-06-01 12:00:00+10'`,
    );
    const expected = streamed.records.filter(
      (record) =>
        record.state === 'nsw' &&
        Date.parse(record.valid_from) <= Date.parse('1990-06-01T12:00:00+10:00') &&
        Date.parse(record.valid_to) > Date.parse('1990-06-01T12:00:00+10:00'),
    ).length;
    expect(Number(active!.n)).toBe(expected);
    // A hive-partitioned read (DuckDB's default for such paths) sees the same columns.
    const columns = await query<{ column_name: string }>(
      `DESCRIBE SELECT * FROM read_parquet('${out}/*/*.parquet')`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(
      fileColumns(LAKE_TABLES.archive).map((column) => column.name),
    );
  });

  it('loads the Parquet form of the interchange format to the same records as its CSV form', async () => {
    const csv = join(dir, 'clean.csv');
    const parquet = join(dir, 'clean.parquet');
    await writeArchiveFile({ rows: 3000, seed: 8, out: csv, format: 'csv' });
    await writeArchiveFile({ rows: 3000, seed: 8, out: parquet, format: 'parquet' });
    const fromCsv = await loadArchiveBulk({
      input: csv,
      outDir: join(dir, 'from-csv'),
      locator,
      loadedAt: LOADED_AT,
    });
    const fromParquet = await loadArchiveBulk({
      input: parquet,
      outDir: join(dir, 'from-parquet'),
      locator,
      loadedAt: LOADED_AT,
    });
    expect(fromParquet.records).toBe(3000);
    expect(fromParquet.files.map((file) => [file.path, file.rows])).toEqual(
      fromCsv.files.map((file) => [file.path, file.rows]),
    );
    const [difference] = await query<{ n: bigint }>(
      `SELECT count(*) AS n FROM (
         (SELECT * FROM read_parquet(${files(join(dir, 'from-csv'), fromCsv)}, hive_partitioning = false)
          EXCEPT ALL SELECT * FROM read_parquet(${files(join(dir, 'from-parquet'), fromParquet)}, hive_partitioning = false))
         UNION ALL
         (SELECT * FROM read_parquet(${files(join(dir, 'from-parquet'), fromParquet)}, hive_partitioning = false)
          EXCEPT ALL SELECT * FROM read_parquet(${files(join(dir, 'from-csv'), fromCsv)}, hive_partitioning = false)))`,
    );
    expect(difference!.n).toBe(0n);
  });

  it('refuses a non-empty output folder and a file without the required columns', async () => {
    const used = join(dir, 'used');
    await mkdir(used);
    await writeFile(join(used, 'something'), 'x');
    await expect(loadArchiveBulk({ input, outDir: used, locator, loadedAt: LOADED_AT })).rejects.toThrow(
      /not empty/,
    );
    const partial = join(dir, 'partial.csv');
    await writeFile(partial, 'source_id,state,title\ne1,nsw,Flood\n');
    await expect(
      loadArchiveBulk({ input: partial, outDir: join(dir, 'partial'), locator, loadedAt: LOADED_AT }),
    ).rejects.toThrow(MissingColumnsError);
  });
});
