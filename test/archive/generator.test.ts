import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LOCATOR } from '../../model/index.js';
import { generateArchiveRows, writeArchiveFile } from '../../replay/archive/generate.js';
import { README_EXAMPLE_ARCHIVE_ROWS } from '../../replay/archive/readme-examples.js';
import { fileSource, readAll } from './support.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'archive-generator-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the archive generator', () => {
  it('writes exactly the rows asked for, which read back as archive records from 1840 to 2026', async () => {
    const out = join(dir, 'rows.csv');
    await writeArchiveFile({ rows: 5003, seed: 3, out, format: 'csv' });
    const read = await readAll(fileSource(out), 'interchange', { locator: NO_LOCATOR, batchSize: 700 });
    expect(read.problems).toEqual([]);
    expect(read.rowsRead).toBe(5003);
    expect(read.records.length).toBe(5003);
    const starts = read.records.map((record) => record.event_start_date!).sort();
    expect(starts[0]!.slice(0, 4)).toBe('1840');
    expect(starts.at(-1)!.slice(0, 4)).toBe('2026');
    expect(
      read.records.every(
        (record) => Date.parse(record.valid_to) <= Date.parse('2026-04-08T00:00:00Z') + 86_400_000,
      ),
    ).toBe(true);
    expect(new Set(read.records.map((record) => record.id)).size).toBe(5003);
    // Some events span states: one row per state, sharing the event's id.
    const statesPerEvent = new Map<string, number>();
    for (const record of read.records)
      statesPerEvent.set(record.feed_id, (statesPerEvent.get(record.feed_id) ?? 0) + 1);
    expect([...statesPerEvent.values()].some((count) => count > 1)).toBe(true);
    // Every kind of location occurs: exact points, and rows left for a locator or with none.
    expect(new Set(read.records.map((record) => record.precision))).toEqual(new Set(['exact', null]));
  });

  it('is deterministic for a seed and differs between seeds', async () => {
    const paths = ['a', 'b', 'c'].map((name) => join(dir, `${name}.csv`));
    await writeArchiveFile({ rows: 800, seed: 11, out: paths[0]!, format: 'csv' });
    await writeArchiveFile({ rows: 800, seed: 11, out: paths[1]!, format: 'csv' });
    await writeArchiveFile({ rows: 800, seed: 12, out: paths[2]!, format: 'csv' });
    const [a, b, c] = await Promise.all(paths.map((path) => readFile(path, 'utf8')));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("writes the demo's README example row after the generated ones, valid and active on Ash Wednesday", async () => {
    const out = join(dir, 'with-example.csv');
    const written = await writeArchiveFile({
      rows: 300,
      seed: 4,
      out,
      format: 'csv',
      extraRows: README_EXAMPLE_ARCHIVE_ROWS,
    });
    expect(written.rows).toBe(301);
    const read = await readAll(fileSource(out), 'interchange', { locator: NO_LOCATOR, batchSize: 100 });
    expect(read.problems).toEqual([]);
    const example = read.records.at(-1)!;
    expect(example).toMatchObject({ title: 'Bushfire - made-up stand-in for Ash Wednesday', state: 'vic' });
    const instant = Date.parse('1983-02-16T18:00:00+11:00');
    expect(Date.parse(example.valid_from)).toBeLessThanOrEqual(instant);
    expect(Date.parse(example.valid_to)).toBeGreaterThan(instant);
  });

  it('produces rows one at a time, so any number can be asked for', () => {
    const rows = generateArchiveRows({ rows: 1_000_000_000, seed: 1 });
    const first = Array.from({ length: 5 }, () => rows.next().value);
    expect(first.map((row) => row?.source_id)).toEqual(expect.arrayContaining(['e1']));
    expect(first.every((row) => row !== undefined)).toBe(true);
  });

  it('puts one bad value in every n-th row when asked, each set aside by the reader', async () => {
    const out = join(dir, 'bad.csv');
    await writeArchiveFile({ rows: 1200, seed: 5, out, format: 'csv', invalidEvery: 25 });
    const read = await readAll(fileSource(out), 'interchange', { locator: NO_LOCATOR });
    expect(read.problems.length).toBe(48);
    expect(read.problems.map((problem) => problem.line)).toEqual(
      Array.from({ length: 48 }, (_, k) => 25 * (k + 1) + 1),
    );
    expect(read.records.length).toBe(1200 - 48);
    expect(new Set(read.problems.map((problem) => problem.problem))).toEqual(
      new Set(['missing', 'invalid', 'out_of_range', 'half_point', 'end_before_start']),
    );
  });

  it('writes the same rows as typed Parquet', async () => {
    const csv = join(dir, 'same.csv');
    const parquet = join(dir, 'same.parquet');
    await writeArchiveFile({ rows: 2000, seed: 9, out: csv, format: 'csv' });
    const written = await writeArchiveFile({ rows: 2000, seed: 9, out: parquet, format: 'parquet' });
    expect(written.bytes).toBeGreaterThan(0);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const query = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJS();
    expect(await query(`SELECT count(*)::INTEGER AS n FROM '${parquet}'`)).toEqual([{ n: 2000 }]);
    const types = Object.fromEntries(
      (
        (await query(`DESCRIBE SELECT * FROM '${parquet}'`)) as { column_name: string; column_type: string }[]
      ).map((column) => [column.column_name, column.column_type]),
    );
    expect(types).toMatchObject({
      event_start_date: 'DATE',
      latitude: 'DOUBLE',
      impact_deaths: 'INTEGER',
      postcode: 'VARCHAR',
    });
    const differing = await query(
      `SELECT count(*)::INTEGER AS n FROM (
         SELECT source_id, state, event_start_date::VARCHAR, latitude, postcode, details FROM '${parquet}'
         EXCEPT
         SELECT source_id, state, event_start_date, TRY_CAST(latitude AS DOUBLE), NULLIF(postcode, ''), NULLIF(details, '')
         FROM read_csv('${csv}', all_varchar = true))`,
    );
    expect(differing).toEqual([{ n: 0 }]);
    connection.closeSync();
    instance.closeSync();
  });
});
