import type { DuckDBConnection } from '@duckdb/node-api';
import { RECORD_COLUMN_LIST, RECORD_COLUMNS } from '../../lake/incident-columns.js';
import { filesOf, type Manifest } from '../../lake/manifest.js';
import { fileRelation } from '../../lake/read.js';
import type { IncidentRecord } from '../../model/index.js';
import { withAppender } from '../appender.js';
import { contentHash, NOT_CONTENT } from '../commit-plan.js';

/** A row's last poll: the one that retracted it, else its last fetch (ADR 34). */
export const LAST_SEEN_SQL =
  'CASE WHEN retracted THEN coalesce(retracted_at, fetched_at) ELSE fetched_at END';

/** Rows hashed at a time in JavaScript: bounded memory however long the history. */
const HASH_BATCH = 50_000;
/** Rows whose SQL hash is checked against the commit's function, per table. */
const HASH_SAMPLE = 5_000;

/** The content hash (commit-plan.ts contentHash) in SQL: the same JSON, key for key, hashed the same. */
const CONTENT_HASH_SQL = `sha256(json_object(${RECORD_COLUMNS.filter(
  (column) => !(NOT_CONTENT as readonly string[]).includes(column.name),
)
  .map((column) => `'${column.name}', ${column.sql === 'DOUBLE' ? jsonNumberSql(column.name) : column.name}`)
  .join(', ')})::VARCHAR)`;

/** A DOUBLE as JavaScript writes it in JSON: the shortest text that reads back the same, 150 for 150.0. */
function jsonNumberSql(column: string): string {
  return `(CASE WHEN ${column} = trunc(${column}) AND abs(${column}) < 1e15 THEN CAST(${column} AS BIGINT)::VARCHAR ELSE ${column}::VARCHAR END)::JSON`;
}

/**
 * Rebuilds the warehouse's incident tables from the lake (ADR 34). incident_version is the lake's
 * incident_versions row for row; incident_current is incidents_live (chains with their publication
 * stamps); incident_retired holds the last version of each incident retracted before the Cancel window,
 * its chain rebuilt from its versions. What the lake does not say is derived: the content hash from the
 * record (as a commit computes it, in SQL, checked on a sample), first_seen_at from the chain's first version, last_seen_at as the
 * last poll that listed or retracted it, and each feed's listing as the live incidents it keeps. A version row written before
 * feed_key was published takes its incident's current feed, or none.
 */
export async function restoreIncidents(
  db: DuckDBConnection,
  lakeDir: string,
  manifest: Manifest,
): Promise<void> {
  const live = fileRelation(lakeDir, 'incidents_live', filesOf(manifest, 'incidents_live'));
  const versions = fileRelation(lakeDir, 'incident_versions', filesOf(manifest, 'incident_versions'));
  await db.run(`CREATE OR REPLACE TEMP TABLE restored_live AS SELECT * FROM ${live}`);
  await db.run(`INSERT INTO incident_version BY NAME
    SELECT ${RECORD_COLUMN_LIST}, version, valid_from, valid_to, ${CONTENT_HASH_SQL} AS content_hash,
      coalesce(v.feed_key, l.feed_key, '') AS feed_key
    FROM ${versions} v LEFT JOIN (SELECT id, feed_key FROM restored_live) l USING (id)`);
  await db.run(`INSERT INTO incident_current BY NAME
    SELECT ${RECORD_COLUMN_LIST}, version, valid_from, chain, coalesce(feed_key, '') AS feed_key,
      ${CONTENT_HASH_SQL} AS content_hash, ${LAST_SEEN_SQL} AS last_seen_at,
      strftime(make_timestamp(CAST(json_extract(chain, '$[0][1]') AS BIGINT) * 1000), '%Y-%m-%dT%H:%M:%S.%gZ') AS first_seen_at
    FROM restored_live`);
  await restoreRetired(db);
  for (const table of ['incident_current', 'incident_retired', 'incident_version'])
    await checkContentHashes(db, table);
  await db.run(
    "INSERT INTO feed_listing SELECT feed_key, id FROM incident_current WHERE NOT retracted AND feed_key <> ''",
  );
  // The first publish renders every current incident's CAP entry again (the feed file was on the lost disk).
  await db.run('INSERT INTO cap_changed SELECT id FROM incident_current');
  await db.run('DROP TABLE restored_live');
}

/**
 * Incidents that left the live set (retracted before the Cancel window): the newest version of each,
 * with a chain of every version (no publication stamps: shown long ago, lake/chain.ts).
 */
async function restoreRetired(db: DuckDBConnection): Promise<void> {
  // Retracted and still open (valid_to NULL), and not live: the few incidents whose versions matter.
  await db.run(`CREATE OR REPLACE TEMP TABLE restored_versions AS
    WITH retired AS (
      SELECT DISTINCT id FROM incident_version WHERE retracted AND valid_to IS NULL
        AND id NOT IN (SELECT id FROM incident_current)
    )
    SELECT v.* FROM incident_version v SEMI JOIN retired USING (id)
    QUALIFY row_number() OVER (PARTITION BY id, version ORDER BY valid_to DESC NULLS LAST) = 1`);
  await db.run(`INSERT INTO incident_retired BY NAME
    WITH chains AS (
      SELECT id, '[' || string_agg('[' || version || ',' || epoch_ms(valid_from) || ',' ||
        CASE WHEN retracted THEN 'true' ELSE 'false' END || ']', ',' ORDER BY version) || ']' AS chain,
        min(valid_from) AS first_from
      FROM restored_versions GROUP BY id
    )
    SELECT ${RECORD_COLUMN_LIST}, v.version, v.valid_from, v.feed_key, v.content_hash, c.chain,
      ${LAST_SEEN_SQL} AS last_seen_at, strftime(c.first_from AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ') AS first_seen_at
    FROM restored_versions v JOIN chains c USING (id)
    WHERE v.retracted
    QUALIFY row_number() OVER (PARTITION BY id ORDER BY v.version DESC) = 1`);
  await db.run('DROP TABLE restored_versions');
}

/**
 * Checks the hashes SQL computed against the commit's own function on a sample of rows (all of them
 * in small tables); should one differ (a value JSON renders otherwise in DuckDB and in JavaScript),
 * every hash of the table is computed again in JavaScript, in batches.
 */
export async function checkContentHashes(db: DuckDBConnection, table: string): Promise<void> {
  const sample = await db.runAndReadAll(
    `SELECT content_hash, ${RECORD_COLUMN_LIST} FROM ${table} USING SAMPLE ${HASH_SAMPLE} ROWS`,
  );
  const differs = sample
    .getRowObjectsJS()
    .some(({ content_hash, ...record }) => contentHash(record as unknown as IncidentRecord) !== content_hash);
  if (differs) await fillContentHashes(db, table);
}

/** Computes each row's content hash in batches by rowid, as a commit would from the same record. */
async function fillContentHashes(db: DuckDBConnection, table: string): Promise<void> {
  const bounds = await db.runAndReadAll(`SELECT coalesce(max(rowid), -1)::BIGINT AS last FROM ${table}`);
  const last = Number(bounds.getRowObjectsJS()[0]?.last ?? -1);
  await db.run('CREATE OR REPLACE TEMP TABLE restored_hash (rid BIGINT NOT NULL, hash VARCHAR NOT NULL)');
  for (let from = 0; from <= last; from += HASH_BATCH) {
    const rows = await db.runAndReadAll(
      `SELECT rowid::BIGINT AS rid, ${RECORD_COLUMN_LIST} FROM ${table} WHERE rowid >= ${from} AND rowid < ${from + HASH_BATCH}`,
    );
    await withAppender(db, 'restored_hash', (appender) => {
      for (const { rid, ...record } of rows.getRowObjectsJS()) {
        appender.appendBigInt(BigInt(rid as bigint));
        appender.appendVarchar(contentHash(record as unknown as IncidentRecord));
        appender.endRow();
      }
    });
  }
  await db.run(`UPDATE ${table} SET content_hash = h.hash FROM restored_hash h WHERE ${table}.rowid = h.rid`);
  await db.run('DROP TABLE restored_hash');
}
