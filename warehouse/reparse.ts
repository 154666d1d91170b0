import { timestampTZValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { RECORD_COLUMN_LIST, RECORD_COLUMNS } from '../lake/incident-columns.js';
import type { LakeFile } from '../lake/manifest.js';
import { columnList, LAKE_TABLES } from '../lake/tables.js';
import type { IncidentRecord } from '../model/index.js';
import { contentHash } from './commit-plan.js';
import { sqlString } from './sql.js';
import { lakeFilePlace, publishFiles, writeLakeFile } from './publication.js';
import { SETTLED_VERSION_COLUMNS } from './schema.js';
import { appendRecord, type Warehouse } from './warehouse.js';
import { withAppender } from './appender.js';

/**
 * Re-parse backfills (docs/adr/0017-reparse-backfills.md): the polls of a feed in a window are parsed
 * again from their kept bodies with today's parsers, and each version a poll opened takes what today's
 * parser reads for its incident. Versions keep their numbers and intervals, so what changed is what an
 * incident said, never when; retractions are left alone, and the live rows change only when the
 * window reaches the feed's latest body.
 */

/** A poll whose commit opened versions: the instant it was committed at and its body's hash. */
export interface ReparsePoll {
  polledAt: string;
  rawSha256: string;
}

export interface ReparseWindow {
  feedKey: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

async function rows<T>(connection: DuckDBConnection, sql: string, params: DuckDBValue[] = []) {
  return (await connection.runAndReadAll(sql, params)).getRowObjectsJS() as T[];
}

const POLLS_SQL = `FROM feed_commit WHERE feed_key = $1 AND committed_at >= $2::TIMESTAMPTZ
  AND committed_at < $3::TIMESTAMPTZ AND inserted + changed > 0`;

/** Polls of the window that opened versions, after `after` (exclusive), oldest first. */
export function reparsePolls(
  warehouse: Warehouse,
  window: ReparseWindow,
  after: string | null,
  limit: number,
): Promise<ReparsePoll[]> {
  return warehouse.exclusive(async () => {
    const found = await rows<{ polled_ms: number; sha: string }>(
      warehouse.db,
      `SELECT DISTINCT epoch_ms(committed_at) AS polled_ms, raw_sha256 AS sha ${POLLS_SQL}
         AND committed_at > coalesce($4::TIMESTAMPTZ, '-infinity'::TIMESTAMPTZ)
       ORDER BY polled_ms LIMIT ${Math.trunc(limit)}`,
      [window.feedKey, window.from.toISOString(), window.to.toISOString(), after],
    );
    return found.map((row) => ({
      polledAt: new Date(Number(row.polled_ms)).toISOString(),
      rawSha256: row.sha,
    }));
  });
}

/** How many polls of the window opened versions, and whether the feed's latest poll is inside it. */
export function reparsePlan(
  warehouse: Warehouse,
  window: ReparseWindow,
): Promise<{ polls: number; reachesLatest: boolean }> {
  return warehouse.exclusive(async () => {
    const [plan] = await rows<{ polls: number; latest: number | null }>(
      warehouse.db,
      `SELECT (SELECT count(DISTINCT committed_at) ${POLLS_SQL})::INTEGER AS polls,
              (SELECT epoch_ms(max(committed_at)) FROM feed_commit WHERE feed_key = $1) AS latest`,
      [window.feedKey, window.from.toISOString(), window.to.toISOString()],
    );
    const latest = plan?.latest === null || plan?.latest === undefined ? null : Number(plan.latest);
    return {
      polls: plan?.polls ?? 0,
      reachesLatest: latest !== null && latest >= window.from.getTime() && latest < window.to.getTime(),
    };
  });
}

/** One poll's body as today's parser reads it: records by id (fetched_at is the stored row's). */
export interface ReparsedPoll {
  polledAt: string;
  records: ReadonlyMap<string, IncidentRecord>;
}

export interface ReparseOutcome {
  /** Versions these polls opened that were compared (retractions are never touched). */
  versions: number;
  changed: number;
  unchanged: number;
  /** Versions today's parser no longer reads from the poll's body: kept as they were. */
  unmatched: number;
  /** Of the changed, the open versions of live incidents (only when the window reaches the latest poll). */
  liveChanged: number;
  /** Lake partitions (state/month) rewritten. */
  partitions: string[];
  /** The generation that published the change, or null when nothing changed. */
  generation: number | null;
}

interface StoredVersion extends IncidentRecord {
  content_hash: string;
  version: number;
  from_ms: number;
  to_ms: number | null;
  month: string;
}

const VERSION_TABLE_COLUMNS = columnList({ columns: SETTLED_VERSION_COLUMNS });
const MONTH_SQL = `strftime(timezone('UTC', valid_from), '%Y-%m')`;
/** Columns a re-parse rewrites: what the incident says (not its id, when we fetched it or its lifecycle). */
const REWRITTEN = RECORD_COLUMNS.map((column) => column.name).filter(
  (name) => !['id', 'fetched_at', 'retracted', 'retracted_at', 'retraction_reason'].includes(name),
);

/** The versions of `table` the polls opened (at `instants`), retractions left out. */
function openedVersionsSql(table: 'incident_version' | 'incident_current', instants: string): string {
  return `SELECT ${RECORD_COLUMN_LIST}, content_hash, version, epoch_ms(valid_from) AS from_ms,
              ${table === 'incident_version' ? 'epoch_ms(valid_to)' : 'NULL'} AS to_ms, ${MONTH_SQL} AS month
       FROM ${table} WHERE feed_key = $1 AND NOT retracted AND valid_from IN (${instants})`;
}

/**
 * Today's record for a stored version, or undefined when today's parser no longer reads it from the
 * poll's body or reads the same content; counted in `outcome` either way.
 */
function reparsedVersion(
  stored: StoredVersion,
  byInstant: ReadonlyMap<number, ReparsedPoll>,
  outcome: ReparseOutcome,
): IncidentRecord | undefined {
  outcome.versions += 1;
  const parsed = byInstant.get(Number(stored.from_ms))?.records.get(stored.id);
  if (!parsed) {
    outcome.unmatched += 1;
    return undefined;
  }
  const record: IncidentRecord = {
    ...parsed,
    fetched_at: stored.fetched_at,
    retracted: false,
    retracted_at: null,
    retraction_reason: null,
  };
  if (contentHash(record) === stored.content_hash) {
    outcome.unchanged += 1;
    return undefined;
  }
  outcome.changed += 1;
  return record;
}

/** A changed live version: the open version of an incident that takes today's content in place. */
interface LiveChange {
  record: IncidentRecord;
  version: number;
}

/**
 * The changed settled versions, as incident_version rows (with their month), into the temporary table
 * reparse_changes; returns the state/month partitions that hold them.
 */
async function stageSettledChanges(
  db: DuckDBConnection,
  feedKey: string,
  settled: readonly StoredVersion[],
  reparsed: (stored: StoredVersion) => IncidentRecord | undefined,
): Promise<Set<string>> {
  await db.run(`CREATE OR REPLACE TEMP TABLE reparse_changes AS
      SELECT ${VERSION_TABLE_COLUMNS}, '' AS month FROM incident_version WHERE false`);
  const partitions = new Set<string>();
  await withAppender(db, 'reparse_changes', (appender) => {
    for (const stored of settled) {
      const record = reparsed(stored);
      if (!record) continue;
      partitions.add(`${stored.state}/${stored.month}`);
      appendRecord(appender, record);
      appender.appendVarchar(feedKey);
      appender.appendVarchar(contentHash(record));
      appender.appendInteger(Number(stored.version));
      appender.appendTimestampTZ(timestampTZValue(BigInt(stored.from_ms) * 1000n));
      if (stored.to_ms === null) appender.appendNull();
      else appender.appendTimestampTZ(timestampTZValue(BigInt(stored.to_ms) * 1000n));
      appender.appendVarchar(stored.month);
      appender.endRow();
    }
  });
  return partitions;
}

/** Each partition's versions as one new file, the changed ones taken from reparse_changes. */
async function writeReparsedPartitions(
  db: DuckDBConnection,
  lakeDir: string,
  partitions: readonly string[],
  now: Date,
): Promise<LakeFile[]> {
  const versions = LAKE_TABLES.incident_versions;
  const tag = `${now.getTime()}`;
  const added: LakeFile[] = [];
  for (const partition of partitions) {
    const [state = '', month = ''] = partition.split('/');
    const where = `state = ${sqlString(state)} AND month = ${sqlString(month)}`;
    added.push(
      await writeLakeFile(
        db,
        lakeDir,
        lakeFilePlace('incident_versions', { state, month }, `reparse-${tag}.parquet`),
        `SELECT ${columnList(versions)} FROM (
             SELECT * FROM (SELECT *, ${MONTH_SQL} AS month FROM incident_version) v
             WHERE ${where} AND NOT EXISTS (
               SELECT 1 FROM reparse_changes c WHERE c.id = v.id AND c.version = v.version AND c.valid_from = v.valid_from)
             UNION ALL BY NAME SELECT * FROM reparse_changes WHERE ${where}
           ) ORDER BY ${versions.orderBy}`,
      ),
    );
  }
  return added;
}

/** The warehouse side of the change, inside the publication's transaction. */
async function applyReparsedRows(db: DuckDBConnection, liveChanges: readonly LiveChange[]): Promise<void> {
  await db.run(`DELETE FROM incident_version WHERE EXISTS (
          SELECT 1 FROM reparse_changes c WHERE c.id = incident_version.id AND c.version = incident_version.version
            AND c.valid_from = incident_version.valid_from)`);
  await db.run(`INSERT INTO incident_version SELECT ${VERSION_TABLE_COLUMNS} FROM reparse_changes`);
  // Rows waiting to be published in these partitions are in the files written above.
  await db.run(`DELETE FROM lake_pending WHERE EXISTS (
          SELECT 1 FROM reparse_changes c WHERE c.state = lake_pending.state AND c.month = lake_pending.month)`);
  for (const { record, version } of liveChanges) {
    const values = REWRITTEN.map((name) => record[name] ?? null);
    await db.run(
      `UPDATE incident_current SET ${REWRITTEN.map((name, index) => `${name} = $${index + 1}`).join(', ')},
               content_hash = $${REWRITTEN.length + 1}
             WHERE id = $${REWRITTEN.length + 2} AND version = $${REWRITTEN.length + 3}`,
      [...(values as DuckDBValue[]), contentHash(record), record.id, version],
    );
    await db.run('INSERT INTO cap_changed VALUES ($1)', [record.id]);
  }
}

/**
 * Gives each version the polls opened its re-parsed content, and publishes the lake partitions that
 * hold changed versions in the same transaction as the warehouse change (a kill leaves both as they
 * were, and running it again changes nothing more). In the warehouse's turn.
 */
export function applyReparse(
  warehouse: Warehouse,
  options: {
    lakeDir: string;
    feedKey: string;
    polls: readonly ReparsedPoll[];
    reachesLatest: boolean;
    now: Date;
  },
): Promise<ReparseOutcome> {
  return warehouse.exclusive(async () => {
    const db = warehouse.db;
    const outcome: ReparseOutcome = {
      versions: 0,
      changed: 0,
      unchanged: 0,
      unmatched: 0,
      liveChanged: 0,
      partitions: [],
      generation: null,
    };
    if (options.polls.length === 0) return outcome;
    const byInstant = new Map(options.polls.map((poll) => [Date.parse(poll.polledAt), poll]));
    const instants = [...byInstant.keys()].map((ms) => `make_timestamptz(${ms * 1000})`).join(', ');
    const settled = await rows<StoredVersion>(db, openedVersionsSql('incident_version', instants), [
      options.feedKey,
    ]);
    const live = options.reachesLatest
      ? await rows<StoredVersion>(db, openedVersionsSql('incident_current', instants), [options.feedKey])
      : [];

    const reparsed = (stored: StoredVersion) => reparsedVersion(stored, byInstant, outcome);
    const partitions = await stageSettledChanges(db, options.feedKey, settled, reparsed);
    const liveChanges = live.flatMap((stored): LiveChange[] => {
      const record = reparsed(stored);
      return record ? [{ record, version: Number(stored.version) }] : [];
    });
    outcome.liveChanged = liveChanges.length;
    outcome.partitions = [...partitions].sort();
    if (outcome.changed === 0) return outcome;

    const added = await writeReparsedPartitions(db, options.lakeDir, outcome.partitions, options.now);
    const manifest = await publishFiles(db, options.lakeDir, {
      added,
      replaced: (file) =>
        file.table === 'incident_versions' &&
        partitions.has(`${file.partition.state ?? ''}/${file.partition.month ?? ''}`),
      now: options.now,
      alsoInside: () => applyReparsedRows(db, liveChanges),
    });
    outcome.generation = manifest.generation;
    return outcome;
  });
}
