import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { filesOf, readManifest } from './manifest.js';

/** What a published lake's version chains hold, for checks after a fault or a restore. */
export interface ChainCheck {
  generation: number;
  /** Current incidents (incidents_live rows). */
  incidents: number;
  /** Settled version rows (incident_versions). */
  versions: number;
  /** Version rows present more than once (the same id, version and end). */
  doubled: number;
  /** Settled versions a current incident's chain names that no version row holds. */
  lost: number;
}

const sqlList = (paths: readonly string[]) =>
  paths.map((path) => `'${path.replaceAll("'", "''")}'`).join(', ');

/**
 * Reads the lake in `lakeDir` as its manifest names it and checks its version chains: every version a
 * live incident's chain names before its current one is a settled row, once. Read-only; an empty lake
 * checks out with zeros.
 */
export async function checkVersionChains(lakeDir: string): Promise<ChainCheck> {
  const manifest = await readManifest(lakeDir);
  const live = filesOf(manifest, 'incidents_live').map((file) => join(lakeDir, file.path));
  const versions = filesOf(manifest, 'incident_versions').map((file) => join(lakeDir, file.path));
  const empty = { generation: manifest?.generation ?? 0, incidents: 0, versions: 0, doubled: 0, lost: 0 };
  if (live.length === 0) return empty;
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const settled =
      versions.length > 0
        ? `SELECT id, version, valid_to FROM read_parquet([${sqlList(versions)}])`
        : 'SELECT NULL::VARCHAR AS id, NULL::INTEGER AS version, NULL::TIMESTAMPTZ AS valid_to WHERE false';
    const reader = await connection.runAndReadAll(`
      WITH settled AS (${settled}),
      live AS (SELECT id, version, chain FROM read_parquet([${sqlList(live)}])),
      named AS (
        SELECT live.id, (link->>0)::INTEGER AS version
        FROM live, unnest(CAST(json(live.chain) AS JSON[])) AS t(link)
        WHERE (link->>0)::INTEGER < live.version
      )
      SELECT
        (SELECT count(*) FROM live)::INTEGER AS incidents,
        (SELECT count(*) FROM settled)::INTEGER AS versions,
        (SELECT count(*) - count(DISTINCT (id, version, coalesce(valid_to::VARCHAR, ''))) FROM settled)::INTEGER AS doubled,
        (SELECT count(*) FROM named WHERE NOT EXISTS (
           SELECT 1 FROM settled s WHERE s.id = named.id AND s.version = named.version))::INTEGER AS lost`);
    const [row] = reader.getRowObjectsJS() as [Omit<ChainCheck, 'generation'>];
    return { generation: manifest?.generation ?? 0, ...row };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
