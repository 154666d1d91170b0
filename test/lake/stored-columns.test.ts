import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAs, type LakeTable } from '../../lake/columns.js';
import { fileColumns, readingSelect, storingSelect } from '../../lake/stored-columns.js';

/** A table of the three kinds of column: plain, an instant and a geometry, typed from version 2. */
const TABLE: LakeTable = {
  name: 'incidents_live',
  columns: storedAs(
    [
      { name: 'id', sql: 'VARCHAR NOT NULL' },
      { name: 'geometry', sql: 'VARCHAR' },
      { name: 'reported_at', sql: 'VARCHAR NOT NULL' },
      { name: 'retracted_at', sql: 'VARCHAR' },
    ],
    { geometry: 'geometry', reported_at: 'instant', retracted_at: 'instant' },
    2,
  ),
  partitionBy: [],
  timeColumn: null,
  orderBy: 'id',
  schemaVersion: 2,
};

/** A coordinate pair as WKT writes it (`x y`). */
const WKT_PAIR = String.raw`(-?[0-9.eE+-]+) (-?[0-9.eE+-]+)`;

/**
 * GEOMETRY → GeoJSON text, through DuckDB's WKT (whose numbers are their shortest exact form): to
 * check that the WKB holds every coordinate as the text gave it.
 */
function geojsonFromGeometrySql(column: string): string {
  const wkt = `ST_AsText(${column})`;
  const kind = `split_part(${wkt}, ' ', 1)`;
  const body = `substr(${wkt}, strpos(${wkt}, '('))`;
  const point = `regexp_replace(${body}, '^\\(${WKT_PAIR}\\)$', '[\\1,\\2]')`;
  const nested = `translate(replace(regexp_replace(${body}, '${WKT_PAIR}', '[\\1,\\2]', 'g'), ', ', ','), '()', '[]')`;
  const type = `CASE ${kind} WHEN 'POINT' THEN 'Point' WHEN 'POLYGON' THEN 'Polygon' WHEN 'MULTIPOLYGON' THEN 'MultiPolygon' END`;
  const coords = `CASE ${kind} WHEN 'POINT' THEN ${point} ELSE ${nested} END`;
  return `CASE WHEN ${column} IS NULL THEN NULL ELSE '{"type":"' || ${type} || '","coordinates":' || ${coords} || '}' END`;
}

/** A seeded generator (mulberry32): the same rows every run, thousands of shapes and times. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Position = [number, number];
type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

function geometries(next: () => number): () => Geometry | null {
  // Full doubles, rounded ones, whole degrees and the negatives of each: every form a number takes.
  const coordinate = (lo: number, hi: number) => {
    const value = lo + next() * (hi - lo);
    const form = Math.floor(next() * 3);
    return form === 0 ? value : form === 1 ? Number(value.toFixed(5)) : Math.round(value);
  };
  const position = (): Position => [coordinate(112, 154), coordinate(-44, -10)];
  const ring = () => {
    const points = Array.from({ length: 3 + Math.floor(next() * 6) }, position);
    return [...points, points[0]!];
  };
  const polygon = () => Array.from({ length: 1 + Math.floor(next() * 3) }, ring);
  return () => {
    const kind = Math.floor(next() * 4);
    if (kind === 0) return null;
    if (kind === 1) return { type: 'Point', coordinates: position() };
    if (kind === 2) return { type: 'Polygon', coordinates: polygon() };
    return { type: 'MultiPolygon', coordinates: Array.from({ length: 1 + Math.floor(next() * 3) }, polygon) };
  };
}

/** ISO times as the service writes them: to the second, in an Australian offset (or UTC, `Z`). */
function times(next: () => number): () => string {
  const offsets = [600, 660, 570, 630, 480, 0, -180];
  return () => {
    const offset = offsets[Math.floor(next() * offsets.length)]!;
    const millis = next() < 0.2 ? Math.floor(next() * 999) + 1 : 0;
    const instant = Date.UTC(2000, 0, 1) + Math.floor(next() * 30 * 365 * 86_400) * 1000 + millis;
    const local = new Date(instant + offset * 60_000).toISOString().slice(0, millis ? 23 : 19);
    if (offset === 0) return `${local}Z`;
    const magnitude = Math.abs(offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
  };
}

interface Row {
  id: string;
  geometry: string | null;
  reported_at: string;
  retracted_at: string | null;
}

function extent(geometry: Geometry): [number, number, number, number] {
  const positions = JSON.stringify(geometry.coordinates)
    .match(/-?[\d.e+-]+,-?[\d.e+-]+/g)!
    .map((pair) => pair.split(',').map(Number) as Position);
  const xs = positions.map(([x]) => x);
  const ys = positions.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The typed forms files store columns in (lake/stored-columns.ts), written by DuckDB's Parquet writer
 * and read back: every geometry and time comes back as the service wrote it, the bbox is the
 * geometry's extent, and the file holds DuckDB GEOMETRY and TIMESTAMPTZ.
 */
describe('stored columns (real DuckDB, real Parquet)', () => {
  let dir: string;
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  const rows: Row[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-stored-'));
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    const next = random(44);
    const [shape, time] = [geometries(next), times(next)];
    for (let index = 0; index < 3000; index++) {
      const geometry = shape();
      rows.push({
        id: `r${String(index).padStart(5, '0')}`,
        geometry: geometry && JSON.stringify(geometry),
        reported_at: time(),
        retracted_at: next() < 0.3 ? time() : null,
      });
    }
    await connection.run(
      'CREATE TABLE source (id VARCHAR NOT NULL, geometry VARCHAR, reported_at VARCHAR NOT NULL, retracted_at VARCHAR)',
    );
    const appender = await connection.createAppender('source');
    for (const row of rows) {
      appender.appendVarchar(row.id);
      for (const value of [row.geometry, row.reported_at, row.retracted_at]) {
        if (value === null) appender.appendNull();
        else appender.appendVarchar(value);
      }
      appender.endRow();
    }
    appender.closeSync();
    await connection.run(
      `COPY (SELECT ${storingSelect(TABLE)} FROM source ORDER BY id) TO '${join(dir, 'typed.parquet')}' (FORMAT parquet)`,
    );
  });
  afterAll(async () => {
    connection?.closeSync();
    instance?.closeSync();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads back every geometry and time exactly as the service wrote it', async () => {
    const reader = await connection.runAndReadAll(
      `SELECT ${readingSelect(TABLE, 2)} FROM read_parquet('${join(dir, 'typed.parquet')}') ORDER BY id`,
    );
    const back = reader.getRowObjectsJS() as unknown as Row[];
    expect(back).toHaveLength(rows.length);
    back.forEach((row, index) => {
      const sent = rows[index]!;
      expect(row.id).toBe(sent.id);
      expect(row.geometry === null ? null : JSON.parse(row.geometry), sent.id).toEqual(
        sent.geometry === null ? null : JSON.parse(sent.geometry),
      );
      expect([row.reported_at, row.retracted_at], sent.id).toEqual([sent.reported_at, sent.retracted_at]);
    });
  });

  it('stores instants in UTC beside their text, and each geometry as WKB with its extent beside its text', async () => {
    const path = join(dir, 'typed.parquet');
    const described = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${path}')`);
    expect(described.getRowObjectsJS().map((row) => [row.column_name, row.column_type])).toEqual(
      fileColumns(TABLE).map((column) => [
        column.name,
        column.sql.replace(' NOT NULL', '').replace('TIMESTAMPTZ', 'TIMESTAMP WITH TIME ZONE'),
      ]),
    );
    const reader = await connection.runAndReadAll(
      `SELECT id, epoch_ms(reported_at) AS instant, reported_at_local AS local, bbox.xmin, bbox.ymin, bbox.xmax, bbox.ymax,
         ST_AsWKB(geometry) AS wkb, ${geojsonFromGeometrySql('geometry')} AS from_wkb
       FROM read_parquet('${path}') ORDER BY id`,
    );
    const stored = reader.getRowObjectsJS();
    stored.forEach((row, index) => {
      const sent = rows[index]!;
      expect(Number(row.instant), sent.id).toBe(Date.parse(sent.reported_at));
      expect(row.local, sent.id).toBe(sent.reported_at);
      const geometry = sent.geometry === null ? null : (JSON.parse(sent.geometry) as Geometry);
      expect([row.xmin, row.ymin, row.xmax, row.ymax], sent.id).toEqual(
        geometry ? extent(geometry) : [null, null, null, null],
      );
      // The WKB holds the same shape, to the last bit of every coordinate.
      expect(row.from_wkb === null ? null : JSON.parse(row.from_wkb as string), sent.id).toEqual(geometry);
      // WKB: little-endian, and the type code of its kind (1 point, 3 polygon, 6 multipolygon).
      const wkb = row.wkb as Uint8Array | null;
      if (geometry === null) expect(wkb).toBeNull();
      else
        expect([wkb![0], wkb![1]], sent.id).toEqual([
          1,
          { Point: 1, Polygon: 3, MultiPolygon: 6 }[geometry.type],
        ]);
    });
  });

  it('reads a file of the version before as it was: text, no offsets, no bbox', () => {
    expect(fileColumns(TABLE, 1).map((column) => `${column.name} ${column.sql}`)).toEqual([
      'id VARCHAR NOT NULL',
      'geometry VARCHAR',
      'reported_at VARCHAR NOT NULL',
      'retracted_at VARCHAR',
    ]);
    expect(readingSelect(TABLE, 1)).toBe('id, geometry, reported_at, retracted_at');
  });
});
