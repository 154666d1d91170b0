import { DuckDBInstance } from '@duckdb/node-api';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../api/exports/catalogue.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import { dataDictionaryMarkdown } from '../../lake/dictionary-markdown.js';
import { describedColumns } from '../../lake/dictionary.js';
import { readManifest } from '../../lake/manifest.js';
import { tableSchema, type TableSchema } from '../../lake/table-schema.js';
import { fileColumns } from '../../lake/stored-columns.js';
import { LAKE_TABLES, type LakeTableName } from '../../lake/tables.js';
import { everyTableLake, type EveryTableLake } from '../support/every-table-lake.js';
import { bearer } from '../support/keys.js';
import { testApi, type TestApi } from '../support/test-api.js';

const NOW = new Date('2026-11-21T00:00:00Z');
const TABLES = Object.keys(LAKE_TABLES) as LakeTableName[];
/** DuckDB's name in DESCRIBE for the types the table definitions write shorter. */
const DESCRIBED_AS: Record<string, string> = { TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE' };

/**
 * The data dictionary: every published column has a meaning, the docs page is the one the
 * definitions make, the files hold exactly the columns and types it states, and the API serves it as
 * each table's Table Schema, linked from the catalogue.
 */
describe('the data dictionary', () => {
  let lake: EveryTableLake;
  let store: ServingStore;
  let api: TestApi;

  beforeAll(async () => {
    lake = await everyTableLake(NOW);
    store = await ServingStore.open(lake.lakeDir);
    api = await testApi({ store, catalogue: FEED_CATALOGUE, now: () => NOW });
  });
  afterAll(async () => {
    api?.close();
    await lake?.close();
  });

  it('gives every column of every table a meaning, and no meaning to a column no table has', () => {
    for (const table of TABLES) {
      const schema = tableSchema(table);
      expect(schema.fields.map((field) => field.name)).toEqual(
        fileColumns(LAKE_TABLES[table]).map((c) => c.name),
      );
      for (const field of schema.fields)
        expect(field.description.length, `${table}.${field.name}`).toBeGreaterThan(10);
    }
    const columns = (table: LakeTableName) => fileColumns(LAKE_TABLES[table]).map((c) => c.name);
    for (const { table, column } of describedColumns()) {
      const holders = table ? [table] : TABLES;
      expect(
        holders.some((name) => columns(name).includes(column)),
        `${table ?? '*'}.${column}`,
      ).toBe(true);
    }
  });

  it('is the page in docs/ (npm run docs:dictionary writes it)', async () => {
    const page = join(import.meta.dirname, '..', '..', 'docs', 'data-dictionary.md');
    const options = { ...(await resolveConfig(page)), parser: 'markdown' };
    expect(await readFile(page, 'utf8')).toBe(await format(dataDictionaryMarkdown(), options));
  });

  it('states the columns and types the lake’s Parquet files hold, in their order', async () => {
    const manifest = (await readManifest(lake.lakeDir))!;
    const instance = await DuckDBInstance.create();
    const connection = await instance.connect();
    try {
      for (const table of TABLES) {
        const file = manifest.files.find((entry) => entry.table === table);
        expect(file, table).toBeDefined();
        const reader = await connection.runAndReadAll(
          `DESCRIBE SELECT * FROM read_parquet('${join(lake.lakeDir, file!.path)}', hive_partitioning = false)`,
        );
        const described = reader
          .getRowObjects()
          .map((row) => [String(row.column_name), String(row.column_type)]);
        const stated = tableSchema(table).fields.map((f) => [
          f.name,
          DESCRIBED_AS[f.duckdbType] ?? f.duckdbType,
        ]);
        expect(described, table).toEqual(stated);
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('writes every column of stated values (an enumeration) dictionary-encoded', async () => {
    const manifest = (await readManifest(lake.lakeDir))!;
    const instance = await DuckDBInstance.create();
    const connection = await instance.connect();
    let checked = 0;
    const tablesChecked = new Set<string>();
    try {
      for (const table of TABLES) {
        // A file with rows: an empty one has no column chunks (this lake's events file is empty).
        const file = manifest.files.find((entry) => entry.table === table && entry.rows > 0);
        if (!file) continue;
        const enumerated = tableSchema(table).fields.filter((field) => field.constraints.enum);
        for (const field of enumerated) {
          // An array column's chunk is its element's (`name.list.element`).
          const chunks = await connection.runAndReadAll(
            `SELECT DISTINCT encodings FROM parquet_metadata('${join(lake.lakeDir, file.path)}')
             WHERE split_part(path_in_schema, ',', 1) = '${field.name}'`,
          );
          const encodings = chunks.getRowObjectsJS().map((row) => row.encodings as string);
          expect(encodings.length, `${table}.${field.name}`).toBeGreaterThan(0);
          for (const used of encodings) expect(used, `${table}.${field.name}`).toMatch(/DICTIONARY/);
          checked++;
          tablesChecked.add(table);
        }
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    expect(checked).toBeGreaterThan(20);
    // Every table with enumerations, but the events this lake's empty events file cannot show.
    const enumerating = TABLES.filter((table) => tableSchema(table).fields.some((f) => f.constraints.enum));
    expect([...tablesChecked].sort()).toEqual(enumerating.filter((table) => table !== 'events').sort());
  });

  it('serves each table’s Table Schema, as the OpenAPI document says, linked from the catalogue', async () => {
    const headers = bearer(api.tokens.get('enterprise')!);
    const catalogue = (await (await api.app.request('/v1/exports', { headers })).json()) as Catalogue;
    for (const table of TABLES) {
      const path = catalogue.tables[table]!.schema;
      expect(path).toBe(`/v1/exports/tables/${table}`);
      const response = await api.app.request(path, { headers });
      await api.validator.check('GET', path, response);
      expect(response.status).toBe(200);
      const served = (await response.json()) as TableSchema;
      expect(served).toEqual(JSON.parse(JSON.stringify(tableSchema(table))));
    }
    const unknown = await api.app.request('/v1/exports/tables/incidents', { headers });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { detail: string }).detail).toContain(
      'table: must be one of incidents_live',
    );
  });
});
