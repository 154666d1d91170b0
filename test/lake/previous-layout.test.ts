import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { cp, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CATALOGUE } from '../../config/index.js';
import { filesOf, MANIFEST_FILE, readManifest, type Manifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { fileSha256 } from '../../lake/storage/file-sha256.js';
import { openLakeStorage } from '../../lake/storage/open-storage.js';
import { LAKE_TABLES } from '../../lake/tables.js';
import { compactLake } from '../../warehouse/compact.js';
import { restoreWarehouse } from '../../warehouse/restore/index.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import {
  GEOMETRY_LAKE_INCIDENTS,
  geometryIncident,
  geometryLake,
  pollAndPublish,
  type GeometryLake,
} from '../support/geometry-lake.js';
import { bearer } from '../support/keys.js';
import { testApi } from '../support/test-api.js';

const NOW = new Date('2026-12-15T00:00:00Z');
const INCIDENT_TABLES = ['incidents_live', 'incident_versions'] as const;

/** The requests whose answers must not depend on the files' layout: live, history and two snapshots. */
const READS = [
  '/v1/incidents?include_retracted=true&limit=500',
  '/v1/incidents/history?after=2026-06-01T00:00:00Z&before=2026-12-15T00:00:00Z&limit=500',
  '/v1/incidents/snapshot?datetime=2026-06-15T00:00:00Z&limit=500',
  '/v1/incidents/snapshot?datetime=2026-11-22T00:00:00Z&limit=500',
];

/**
 * Rewrites a lake's incident files in the layout before schema version 3 (geometry and times as text,
 * exactly the service's columns: what version 2 files held), naming them version 2 in its manifest.
 */
async function writeAsVersion2(connection: DuckDBConnection, lakeDir: string): Promise<void> {
  const manifest = (await readManifest(lakeDir))!;
  for (const file of manifest.files) {
    if (!(INCIDENT_TABLES as readonly string[]).includes(file.table)) continue;
    const path = join(lakeDir, file.path);
    const table = file.table as (typeof INCIDENT_TABLES)[number];
    await connection.run(
      `COPY (SELECT * FROM ${fileRelation(lakeDir, table, [file])}) TO '${path}.v2' (FORMAT parquet, COMPRESSION zstd)`,
    );
    await rename(`${path}.v2`, path);
    Object.assign(file, { schemaVersion: 2, bytes: (await stat(path)).size, sha256: await fileSha256(path) });
  }
  await writeFile(join(lakeDir, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
}

/** Each read's answer (the features; meta and links name generations and times). */
async function answers(lakeDir: string): Promise<unknown[]> {
  const store = await ServingStore.open(lakeDir);
  const api = await testApi({ store, catalogue: FEED_CATALOGUE, now: () => NOW });
  try {
    const headers = bearer(api.tokens.get('enterprise')!);
    const bodies = [];
    for (const path of READS) {
      const response = await api.app.request(path, { headers });
      expect(response.status, path).toBe(200);
      bodies.push(((await response.json()) as { features: unknown[] }).features);
    }
    return bodies;
  } finally {
    api.close();
    store.close();
  }
}

/** Every (id, version) the lake's incident files hold, read as the service reads them. */
async function versionsHeld(connection: DuckDBConnection, manifest: Manifest, lakeDir: string) {
  const rows = await connection.runAndReadAll(
    `SELECT DISTINCT id || '@' || version AS v FROM ${fileRelation(lakeDir, 'incident_versions', filesOf(manifest, 'incident_versions'))}
     UNION SELECT id || '@' || version FROM ${fileRelation(lakeDir, 'incidents_live', filesOf(manifest, 'incidents_live'))}
     ORDER BY 1`,
  );
  return rows.getRowObjectsJS().map((row) => row.v as string);
}

/**
 * A lake written before schema version 3 keeps working: the service reads its files as they are,
 * beside files written after the change, a writer restored from it goes on publishing the new layout,
 * and compaction turns a partition of both into one file of the new layout without losing a version.
 */
describe('a lake of the layout before typed files (real DuckDB, real Parquet)', () => {
  let lake: GeometryLake;
  let oldLake: string;
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;

  beforeAll(async () => {
    lake = await geometryLake();
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    oldLake = join(lake.dir, 'old-lake');
    await cp(lake.lakeDir, oldLake, { recursive: true });
    await writeAsVersion2(connection, oldLake);
  });
  afterAll(async () => {
    connection?.closeSync();
    instance?.closeSync();
    await lake?.close();
  });

  it('is read as it is, answering as the same lake in the new layout does', async () => {
    const live = filesOf(await readManifest(oldLake), 'incidents_live')[0]!;
    const described = await connection.runAndReadAll(
      `DESCRIBE SELECT * FROM read_parquet('${join(oldLake, live.path)}')`,
    );
    const types: Record<string, unknown> = Object.fromEntries(
      described.getRowObjectsJS().map((row) => [row.column_name as string, row.column_type]),
    );
    expect([types.geometry, types.reported_at, types.bbox]).toEqual(['VARCHAR', 'VARCHAR', undefined]);
    const [before, after] = [await answers(oldLake), await answers(lake.lakeDir)];
    for (const [index, features] of before.entries())
      expect((features as unknown[]).length, READS[index]).toBeGreaterThan(40);
    expect(before).toEqual(after);
  });

  it('takes new files beside the old, and compaction merges both into the new layout, every version kept', async () => {
    const warehouseFile = join(lake.dir, 'restored.duckdb');
    await restoreWarehouse({
      storage: openLakeStorage({ kind: 'folder', dir: oldLake }),
      warehouseFile,
      lakeDir: oldLake,
      download: false,
      now: () => new Date('2026-11-25T00:00:00Z'),
    });
    const warehouse = await Warehouse.open(warehouseFile);
    try {
      // Every incident changes: the open versions of June and of November settle, in new files.
      const third = Array.from({ length: GEOMETRY_LAKE_INCIDENTS }, (_, index) => ({
        ...geometryIncident(index, 'summer'),
        status: 'controlled' as const,
        updated_at: '2026-11-25T10:00:00+11:00',
      }));
      await pollAndPublish(warehouse, oldLake, third, '2026-11-25T10:00:00+11:00');
      const mixed = (await readManifest(oldLake))!;
      const layouts = filesOf(mixed, 'incident_versions').map(
        (file) => `${file.partition.month} v${file.schemaVersion}`,
      );
      expect(new Set(layouts)).toEqual(new Set(['2026-06 v2', '2026-06 v3', '2026-11 v2', '2026-11 v3']));
      const held = await versionsHeld(connection, mixed, oldLake);
      const served = await answers(oldLake);

      const result = await compactLake(warehouse, { lakeDir: oldLake, now: NOW });
      expect(result.partitions).toBe(2);
      const compacted = (await readManifest(oldLake))!;
      expect(filesOf(compacted, 'incident_versions').map((file) => file.schemaVersion)).toEqual([
        LAKE_TABLES.incident_versions.schemaVersion,
        LAKE_TABLES.incident_versions.schemaVersion,
      ]);
      expect(await versionsHeld(connection, compacted, oldLake)).toEqual(held);
      expect(await answers(oldLake)).toEqual(served);
    } finally {
      warehouse.close();
    }
  });
});
