import type { DuckDBConnection } from '@duckdb/node-api';
import { WAREHOUSE_SCHEMA_VERSION } from './schema.js';

/**
 * Brings a warehouse written by an earlier layout up to this one before anything else touches it.
 * Layout 1 kept every version, open ones included, in incident_version and published whole tables;
 * layout 2 keeps open versions in incident_current (valid_from, chain) and settled ones in
 * incident_version, and queues every settled row for the lake, so the first publish writes the whole
 * history once. Nothing is dropped: open versions move into incident_current before they leave
 * incident_version, in one transaction.
 */
export async function migrateWarehouse(c: DuckDBConnection): Promise<'new' | 'current' | 'migrated'> {
  const tables = new Set(
    (await c.runAndReadAll("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"))
      .getRowObjectsJS()
      .map((row) => row.table_name as string),
  );
  if (!tables.has('incident_current')) return 'new';
  const columns = new Set(
    (
      await c.runAndReadAll(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'incident_current'",
      )
    )
      .getRowObjectsJS()
      .map((row) => row.column_name as string),
  );
  if (columns.has('chain')) return 'current';

  await c.run('BEGIN TRANSACTION');
  try {
    await c.run('ALTER TABLE incident_current ADD COLUMN valid_from TIMESTAMPTZ');
    await c.run('ALTER TABLE incident_current ADD COLUMN chain VARCHAR');
    await c.run(`UPDATE incident_current SET
      valid_from = coalesce(
        (SELECT max(v.valid_from) FROM incident_version v WHERE v.id = incident_current.id AND v.version = incident_current.version),
        first_seen_at::TIMESTAMPTZ),
      chain = coalesce(
        (SELECT to_json(list([v.version, epoch_ms(v.valid_from), v.retracted::INTEGER] ORDER BY v.version))::VARCHAR
         FROM incident_version v WHERE v.id = incident_current.id),
        '[]')`);
    // Chains carry booleans (lake/chain.ts); list() above needed one type, so retracted went in as 0/1.
    await c.run(
      "UPDATE incident_current SET chain = replace(replace(chain, ',1]', ',true]'), ',0]', ',false]')",
    );
    // Open versions of live incidents are incident_current's rows now.
    await c.run('DELETE FROM incident_version WHERE valid_to IS NULL AND NOT retracted');
    await c.run(`CREATE TABLE lake_pending AS
      SELECT *, strftime(timezone('UTC', valid_from), '%Y-%m') AS month FROM incident_version`);
    // Every current incident's CAP entry is rendered on the first publish.
    await c.run('CREATE TABLE cap_changed AS SELECT id FROM incident_current');
    await c.run('CREATE TABLE IF NOT EXISTS warehouse_meta (key VARCHAR NOT NULL, value VARCHAR NOT NULL)');
    await c.run("INSERT INTO warehouse_meta VALUES ('schema', $1)", [String(WAREHOUSE_SCHEMA_VERSION)]);
    await c.run('COMMIT');
  } catch (error) {
    await c.run('ROLLBACK');
    throw error;
  }
  // Constraints and indexes cannot be created over tables with updates not yet checkpointed.
  await c.run('CHECKPOINT');
  await c.run('ALTER TABLE incident_current ALTER COLUMN valid_from SET NOT NULL');
  await c.run('ALTER TABLE incident_current ALTER COLUMN chain SET NOT NULL');
  return 'migrated';
}
