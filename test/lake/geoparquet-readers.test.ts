import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CATALOGUE } from '../../config/index.js';
import { filesOf, readManifest, type Manifest } from '../../lake/manifest.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import type { LakeTableName } from '../../lake/tables.js';
import { everyTableLake } from '../support/every-table-lake.js';
import { geometryLake, type GeometryLake } from '../support/geometry-lake.js';
import { bearer } from '../support/keys.js';
import { testApi, type TestApi } from '../support/test-api.js';

const HERE = import.meta.dirname;
const PYTHON = join(HERE, '..', '..', '.tools', 'python', 'bin', 'python');
const READER = join(HERE, '..', 'support', 'read_geoparquet.py');
const NOW = new Date('2026-11-20T00:30:00Z');

type Geometry = { type: string; coordinates: unknown } | null;

/** What read_geoparquet.py printed: GeoPandas's frame and pyarrow's types. */
interface ToolView {
  crs: string;
  crsIsWgs84: boolean;
  geometryColumn: string;
  rows: number;
  geometryTypes: string[];
  arrowTypes: Record<string, string>;
  byId: Record<string, { geometry: Geometry } & Record<(typeof INSTANTS)[number], string | null>>;
}

interface Feature {
  id: string;
  geometry: Geometry;
  properties: {
    timestamps: { reported: string; updated: string; fetched: string };
    retraction: { retracted: boolean; retractedAt?: string };
  };
}

const INSTANTS = ['reported_at', 'updated_at', 'fetched_at', 'retracted_at'] as const;

/** GeoPandas (shapely) gives coordinates as lists of tuples; JSON makes both arrays. */
const plain = (geometry: Geometry) => JSON.parse(JSON.stringify(geometry)) as Geometry;

/**
 * The lake's files read by the tools analysts use (GeoPandas, pyarrow, in .tools/python/) and by
 * DuckDB as a bulk user would: GeoParquet 1.1 geometry in WGS 84, typed instants, and a bbox column
 * that selects the rows the API's bbox filter does.
 */
describe('the lake read by GeoPandas, pyarrow and DuckDB', () => {
  let lake: GeometryLake;
  let manifest: Manifest;
  let store: ServingStore;
  let api: TestApi;
  let instance: DuckDBInstance;
  let duckdb: DuckDBConnection;

  const paths = (table: LakeTableName) =>
    filesOf(manifest, table).map((file) => join(lake.lakeDir, file.path));
  const readWithTools = async (table: LakeTableName): Promise<ToolView> => {
    const { stdout } = await promisify(execFile)(PYTHON, [READER, ...paths(table)], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as ToolView;
  };
  const query = async (sql: string) => (await duckdb.runAndReadAll(sql)).getRowObjectsJS();
  const list = (table: LakeTableName) =>
    `read_parquet([${paths(table)
      .map((p) => `'${p}'`)
      .join(', ')}])`;

  /** Every current incident as the API serves it, retracted ones too, by page. */
  async function served(search = ''): Promise<Feature[]> {
    const features: Feature[] = [];
    let next: string | undefined = `/v1/incidents?include_retracted=true&limit=500${search}`;
    while (next) {
      const response = await api.app.request(next, { headers: bearer(api.tokens.get('enterprise')!) });
      expect(response.status, next).toBe(200);
      const page = (await response.json()) as { features: Feature[]; links?: { next?: string } };
      features.push(...page.features);
      next =
        page.links?.next &&
        new URL(page.links.next, 'http://x').pathname + new URL(page.links.next, 'http://x').search;
    }
    return features;
  }

  beforeAll(async () => {
    lake = await geometryLake();
    manifest = (await readManifest(lake.lakeDir))!;
    store = await ServingStore.open(lake.lakeDir);
    api = await testApi({ store, catalogue: FEED_CATALOGUE, now: () => NOW });
    instance = await DuckDBInstance.create(':memory:');
    duckdb = await instance.connect();
  });
  afterAll(async () => {
    duckdb?.closeSync();
    instance?.closeSync();
    api?.close();
    store?.close();
    await lake?.close();
  });

  it('GeoPandas reads the live set as a GeoDataFrame in WGS 84, each geometry as the API serves it', async () => {
    const view = await readWithTools('incidents_live');
    const features = await served();
    expect(view.geometryColumn).toBe('geometry');
    expect(view.crs).toBe('OGC:CRS84');
    expect(view.crsIsWgs84).toBe(true);
    expect(view.rows).toBe(features.length);
    expect(view.geometryTypes).toEqual(['MultiPolygon', 'Point', 'Polygon']);
    const nulls = features.filter((feature) => feature.geometry === null).length;
    expect(nulls).toBeGreaterThan(0);
    for (const feature of features) {
      const row = Object.entries(view.byId).find(([key]) => key.startsWith(`${feature.id}@`))?.[1];
      expect(row, feature.id).toBeDefined();
      expect(plain(row!.geometry), feature.id).toEqual(feature.geometry);
    }
  });

  it('pyarrow reads the instants as UTC timestamps, the same instants the API serves', async () => {
    const view = await readWithTools('incidents_live');
    for (const name of INSTANTS) expect(view.arrowTypes[name], name).toBe('timestamp[us, tz=UTC]');
    expect(view.arrowTypes.bbox).toBe('struct<xmin: double, ymin: double, xmax: double, ymax: double>');
    const features = await served();
    expect(features.some((feature) => feature.properties.retraction.retracted)).toBe(true);
    for (const feature of features) {
      const row = Object.entries(view.byId).find(([key]) => key.startsWith(`${feature.id}@`))![1];
      const { timestamps, retraction } = feature.properties;
      const sent = [
        timestamps.reported,
        timestamps.updated,
        timestamps.fetched,
        retraction.retractedAt ?? null,
      ];
      expect(
        INSTANTS.map((name) => (row[name] === null ? null : Date.parse(row[name]))),
        feature.id,
      ).toEqual(sent.map((text) => (text === null ? null : Date.parse(text))));
    }
  });

  it('GeoPandas reads every settled version, in both months, with its geometry types', async () => {
    const view = await readWithTools('incident_versions');
    const [counted] = await query(
      `SELECT count(*)::INTEGER AS n, list(DISTINCT split_part(ST_AsText(geometry), ' ', 1)) AS kinds FROM ${list('incident_versions')}`,
    );
    expect(view.rows).toBe(counted!.n);
    expect(view.rows).toBeGreaterThan(100);
    expect(new Set(filesOf(manifest, 'incident_versions').map((file) => file.partition.month))).toEqual(
      new Set(['2026-06', '2026-11']),
    );
    expect(view.geometryTypes).toEqual(['MultiPolygon', 'Point', 'Polygon']);
    expect(view.crsIsWgs84).toBe(true);
  });

  it('DuckDB filters by the bbox column and gets the rows the API’s bbox filter gives', async () => {
    const boxes = [
      [141, -37, 153, -29],
      [145, -34, 149, -31],
      [141.2, -30.5, 143.9, -29.1],
      [150, -36.5, 152.5, -33],
    ];
    const live = list('incidents_live');
    let compared = 0;
    for (const [west, south, east, north] of boxes) {
      const features = await served(`&bbox=${west},${south},${east},${north}`);
      // The API filters by each row's point; a point's bbox is the point.
      const points = features.filter((feature) => feature.geometry?.type === 'Point').map((f) => f.id);
      const rows = await query(
        `SELECT id FROM ${live}
         WHERE bbox.xmin >= ${west} AND bbox.xmax <= ${east} AND bbox.ymin >= ${south} AND bbox.ymax <= ${north}
           AND ST_AsText(geometry) LIKE 'POINT%' ORDER BY id`,
      );
      expect(
        rows.map((row) => row.id),
        `${west},${south},${east},${north}`,
      ).toEqual([...points].sort());
      // Every row the API gives has its point in its shape's bbox, so a reader that keeps the rows
      // whose bbox meets the box (as GeoParquet readers prune) loses none of them.
      const meeting = await query(
        `SELECT id FROM ${live}
         WHERE bbox.xmin <= ${east} AND bbox.xmax >= ${west} AND bbox.ymin <= ${north} AND bbox.ymax >= ${south}`,
      );
      const kept = new Set(meeting.map((row) => row.id));
      for (const feature of features.filter((f) => f.geometry !== null))
        expect(kept.has(feature.id), feature.id).toBe(true);
      compared += points.length;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('GeoPandas reads every table with a location: events, the archive and gauges as points', async () => {
    const every = await everyTableLake(NOW);
    const names: Record<string, string> = {
      POINT: 'Point',
      POLYGON: 'Polygon',
      MULTIPOLYGON: 'MultiPolygon',
    };
    try {
      const all = (await readManifest(every.lakeDir))!;
      let shapes = 0;
      for (const table of ['events', 'archive', 'gauges_latest'] as const) {
        const withRows = filesOf(all, table).filter((file) => file.rows > 0);
        if (table !== 'events') expect(withRows.length, table).toBeGreaterThan(0);
        if (withRows.length === 0) continue;
        const paths = withRows.map((file) => join(every.lakeDir, file.path));
        const { stdout } = await promisify(execFile)(PYTHON, [READER, ...paths]);
        const view = JSON.parse(stdout) as ToolView;
        // What DuckDB finds in the same files' WKB (the archive's rows here have no point: none).
        const [held] = await query(
          `SELECT list(DISTINCT split_part(ST_AsText(geometry), ' ', 1)) FILTER (WHERE geometry IS NOT NULL) AS kinds
           FROM read_parquet([${paths.map((path) => `'${path}'`).join(', ')}])`,
        );
        const kinds = ((held!.kinds as string[] | null) ?? []).map((kind) => names[kind]).sort();
        expect(view.crs, table).toBe('OGC:CRS84');
        expect(view.rows, table).toBe(withRows.reduce((sum, file) => sum + file.rows, 0));
        expect(view.geometryTypes, table).toEqual(kinds);
        shapes += kinds.length;
      }
      expect(shapes).toBeGreaterThan(0);
    } finally {
      await every.close();
    }
  });

  it('writes GeoParquet 1.1 metadata: WKB, the file’s types and bounds, the bbox covering', async () => {
    for (const table of ['incidents_live', 'incident_versions'] as const) {
      for (const path of paths(table)) {
        const [kv] = await query(
          `SELECT decode(value) AS geo FROM parquet_kv_metadata('${path}') WHERE decode(key) = 'geo'`,
        );
        const geo = JSON.parse(kv!.geo as string) as {
          version: string;
          primary_column: string;
          columns: Record<
            string,
            { encoding: string; geometry_types: string[]; bbox: number[]; covering: unknown }
          >;
        };
        const [extent] = await query(
          `SELECT min(bbox.xmin) AS a, min(bbox.ymin) AS b, max(bbox.xmax) AS c, max(bbox.ymax) AS d,
             list(DISTINCT split_part(ST_AsText(geometry), ' ', 1) ORDER BY 1) FILTER (WHERE geometry IS NOT NULL) AS kinds
           FROM read_parquet('${path}')`,
        );
        const names: Record<string, string> = {
          POINT: 'Point',
          POLYGON: 'Polygon',
          MULTIPOLYGON: 'MultiPolygon',
        };
        expect(geo.version).toBe('1.1.0');
        expect(geo.primary_column).toBe('geometry');
        expect(geo.columns.geometry).toEqual({
          encoding: 'WKB',
          geometry_types: ['Point', 'Polygon', 'MultiPolygon'].filter((type) =>
            (extent!.kinds as string[]).map((kind) => names[kind]).includes(type),
          ),
          bbox: [extent!.a, extent!.b, extent!.c, extent!.d],
          covering: {
            bbox: {
              xmin: ['bbox', 'xmin'],
              ymin: ['bbox', 'ymin'],
              xmax: ['bbox', 'xmax'],
              ymax: ['bbox', 'ymax'],
            },
          },
        });
      }
    }
  });
});
