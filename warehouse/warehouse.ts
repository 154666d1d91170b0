import {
  DuckDBInstance,
  DuckDBListValue,
  LIST,
  VARCHAR,
  listValue,
  timestampTZValue,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBValue,
} from '@duckdb/node-api';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { decodeChain, encodeChain, PENDING_PUBLICATION, type ChainLink } from '../lake/chain.js';
import { RECORD_COLUMNS, RECORD_COLUMN_LIST } from '../lake/incident-columns.js';
import { monthOf } from '../lake/tables.js';
import type { IncidentRecord } from '../model/index.js';
import { planCommit, type CommitPlan, type CurrentRow, type PlannedRow } from './commit-plan.js';
import { migrateWarehouse } from './migrate.js';
import { WAREHOUSE_DDL } from './schema.js';
import { serialised } from './serialised.js';
import { withAppender } from './appender.js';

export interface CommitRequest {
  feedKey: string;
  /** Names the poll (the poller's run, poll count and body hash): a commit is applied once per poll. */
  pollId: string;
  rawSha256: string;
  incoming: IncidentRecord[];
  polledAt: string;
  /** The drop fingerprint the guard reported on the previous consecutive polls, to believe now. */
  believeDrop?: string | null;
  /** False for trusted loads (fixtures, benchmarks) that may retract any share at once. Default true. */
  guarded?: boolean;
}

export interface CommitOutcome {
  received: number;
  inserted: number;
  changed: number;
  unchanged: number;
  retracted: number;
  /** Listed here but kept by the feed that listed them first. */
  ownedElsewhere: number;
  /** No longer listed here but still by another feed, which now keeps them. */
  handedOver: number;
  /** Active (not retracted) point incidents of the feed after the commit. */
  active: number;
  guard: string | null;
  /** Set on a mass drop (held back or believed): the poller believes only the same drop repeated. */
  dropFingerprint: string | null;
}

const idList = LIST(VARCHAR);
const CURRENT_COLUMNS = `${RECORD_COLUMN_LIST}, content_hash, version, first_seen_at, epoch_ms(valid_from)::DOUBLE AS valid_from, chain`;

/** A settled version row: a record with its version and validity, as incident_version stores it. */
interface SettledRow {
  record: IncidentRecord;
  feedKey: string;
  contentHash: string;
  version: number;
  validFrom: string;
  validTo: string | null;
}

/** What a commit writes of its plan's versions (Warehouse.writeVersions). */
interface VersionWrites {
  /** The plan's upserts, then its retractions. */
  written: readonly PlannedRow[];
  settled: readonly SettledRow[];
  /** Ids the poll brings back from incident_retired. */
  unretiredIds: readonly string[];
  /** The poll's instant, ISO: where the new versions start. */
  validFrom: string;
}

/**
 * The warehouse: the one module that opens the DuckDB file, always read-write, from exactly one
 * process (the warehouse worker). Readers use the published lake instead. Every operation on the
 * connection goes through `exclusive`, so commits and publishes never interleave.
 */
/**
 * The single writer's DuckDB: a bounded buffer pool (larger work spills to the temporary folder beside
 * the database), and no cache of the Parquet files it writes and reads back, which are new on every
 * commit: the OS page cache holds those. Commits are many and small; what they wrote stays in memory
 * until a checkpoint, so checkpoints come every 4 MB of log rather than DuckDB's default 16 MB.
 */
const WAREHOUSE_DUCKDB_SETTINGS = {
  memory_limit: '2GB',
  enable_external_file_cache: 'false',
  checkpoint_threshold: '4MB',
};

export class Warehouse {
  /** Runs `fn` alone on the connection: commits, publishes and compactions queue behind each other. */
  readonly exclusive: <T>(fn: () => Promise<T>) => Promise<T> = serialised();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(path: string): Promise<Warehouse> {
    if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
    const instance = await DuckDBInstance.create(path, WAREHOUSE_DUCKDB_SETTINGS);
    const connection = await instance.connect();
    try {
      await migrateWarehouse(connection);
      for (const ddl of WAREHOUSE_DDL) await connection.run(ddl);
      await collapseDuplicateRows(connection);
    } catch (error) {
      connection.closeSync();
      instance.closeSync();
      throw error;
    }
    return new Warehouse(instance, connection);
  }

  /** A connection of its own, for work that reads published files while commits go on (compaction). */
  connect(): Promise<DuckDBConnection> {
    return this.instance.connect();
  }

  /** The warehouse connection, for the lake publisher and compaction (inside `exclusive`). */
  get db(): DuckDBConnection {
    return this.connection;
  }

  /** What the commit of a poll did, when that poll has been committed already (a retried activity). */
  async committedOutcome(pollId: string): Promise<CommitOutcome | undefined> {
    const reader = await this.connection.runAndReadAll(
      'SELECT outcome FROM feed_commit WHERE poll_id = $1 LIMIT 1',
      [pollId],
    );
    const outcome = reader.getRowObjectsJS()[0]?.outcome;
    return typeof outcome === 'string' ? (JSON.parse(outcome) as CommitOutcome) : undefined;
  }

  /**
   * Every version of one incident, oldest first: settled ones from history, the open one from the
   * current row (a retraction closed later appears once, closed). For tools and tests.
   */
  async historyOf(id: string): Promise<Record<string, unknown>[]> {
    const reader = await this.connection.runAndReadAll(
      `SELECT * EXCLUDE (copy_rank) FROM (
         SELECT *, row_number() OVER (PARTITION BY version ORDER BY valid_to DESC NULLS LAST) AS copy_rank FROM (
           SELECT ${RECORD_COLUMN_LIST}, version, valid_from, valid_to FROM incident_version WHERE id = $1
           UNION ALL
           SELECT ${RECORD_COLUMN_LIST}, version, valid_from, NULL FROM incident_current WHERE id = $1 AND NOT retracted
           UNION ALL
           SELECT ${RECORD_COLUMN_LIST}, version, valid_from, NULL FROM incident_retired WHERE id = $1 AND NOT retracted
         )
       ) WHERE copy_rank = 1 ORDER BY version`,
      [id],
    );
    return reader.getRowObjectsJS();
  }

  /** When the feed's last committed poll fetched it (epoch ms; -Infinity before any). */
  async lastPolledAt(feedKey: string): Promise<number> {
    const reader = await this.connection.runAndReadAll(
      'SELECT max(epoch_ms(fetched_at::TIMESTAMPTZ))::DOUBLE AS last FROM incident_current WHERE feed_key = $1',
      [feedKey],
    );
    const last = reader.getRowObjectsJS()[0]?.last;
    return typeof last === 'number' ? last : Number.NEGATIVE_INFINITY;
  }

  /** Active (not retracted) point incidents a feed keeps. */
  async activeIncidents(feedKey: string): Promise<number> {
    const reader = await this.connection.runAndReadAll(
      "SELECT count(*)::INTEGER AS n FROM incident_current WHERE feed_key = $1 AND NOT retracted AND feature_type = 'incident'",
      [feedKey],
    );
    return Number(reader.getRowObjectsJS()[0]?.n ?? 0);
  }

  async currentRows(feedKey: string): Promise<CurrentRow[]> {
    return this.rowsWhere('incident_current', 'feed_key = $1', [feedKey]);
  }

  private async rowsWhere(table: string, where: string, params: DuckDBValue[]): Promise<CurrentRow[]> {
    const reader = await this.connection.runAndReadAll(
      `SELECT ${CURRENT_COLUMNS} FROM ${table} WHERE ${where}`,
      params,
      params.map((p) => (p instanceof DuckDBListValue ? idList : VARCHAR)),
    );
    return reader.getRowObjectsJS().map((row) => {
      const { content_hash, version, first_seen_at, valid_from, chain, ...record } = row;
      return {
        record: record as unknown as IncidentRecord,
        contentHash: content_hash as string,
        version: Number(version),
        firstSeenAt: first_seen_at as string,
        validFrom: new Date(Number(valid_from)).toISOString(),
        chain: decodeChain(chain as string),
      };
    });
  }

  /**
   * Incidents retracted long ago that this poll lists again: looked up one id at a time through the
   * index, so the cost follows the ids a poll brings, not how many incidents ever retired.
   */
  private async retiredRows(ids: readonly string[]): Promise<CurrentRow[]> {
    const rows: CurrentRow[] = [];
    for (const id of ids) rows.push(...(await this.rowsWhere('incident_retired', 'id = $1', [id])));
    return rows;
  }

  /**
   * Diffs a good poll against the feed's current rows and applies it in one transaction.
   * Ids are global: one incident listed by two feeds of an agency is kept once, by the feed that
   * listed it first; it is handed to the other feed, not retracted, when the first stops listing it.
   */
  commit(request: CommitRequest): Promise<CommitOutcome> {
    return this.exclusive(() => this.commitAlone(request));
  }

  private async commitAlone(request: CommitRequest): Promise<CommitOutcome> {
    const repeated = await this.committedOutcome(request.pollId);
    if (repeated) return repeated;
    const incomingIds = listValue(request.incoming.map((record) => record.id));
    const elsewhere = await this.rowsWhere('incident_current', 'feed_key <> $1 AND list_contains($2, id)', [
      request.feedKey,
      incomingIds,
    ]);
    const ownedElsewhere = new Set(
      elsewhere.filter((row) => !row.record.retracted).map((row) => row.record.id),
    );
    const takenOver = elsewhere.filter((row) => row.record.retracted);
    const own = await this.currentRows(request.feedKey);
    const known = new Set([...own, ...elsewhere].map((row) => row.record.id));
    const retired = await this.retiredRows(
      request.incoming.map((record) => record.id).filter((id) => !known.has(id)),
    );
    const listings = await this.connection.runAndReadAll(
      'SELECT id, any_value(feed_key) AS feed_key FROM feed_listing WHERE feed_key <> $1 AND list_contains($2, id) GROUP BY id',
      [request.feedKey, listValue(own.map((row) => row.record.id))],
      [VARCHAR, idList],
    );
    const listedElsewhere = new Map(
      listings.getRowObjectsJS().map((row) => [row.id as string, row.feed_key as string]),
    );
    const plan = planCommit({
      existing: [...own, ...takenOver, ...retired],
      incoming: request.incoming.filter((record) => !ownedElsewhere.has(record.id)),
      polledAt: request.polledAt,
      believeDrop: request.believeDrop ?? null,
      guarded: request.guarded ?? true,
      listedElsewhere,
    });
    const outcome: Omit<CommitOutcome, 'active'> = {
      received: request.incoming.length,
      inserted: plan.inserted,
      changed: plan.changed,
      unchanged: plan.unchangedIds.length,
      retracted: plan.retractions.length,
      ownedElsewhere: ownedElsewhere.size,
      handedOver: plan.handovers.length,
      guard: plan.guard,
      dropFingerprint: plan.dropFingerprint,
    };
    return this.apply(
      request,
      plan,
      retired.map((row) => row.record.id),
      outcome,
    );
  }

  /** Applies a plan and records the poll's outcome in one transaction, so a poll is committed once. */
  private async apply(
    request: CommitRequest,
    plan: CommitPlan,
    unretiredIds: readonly string[],
    partial: Omit<CommitOutcome, 'active'>,
  ): Promise<CommitOutcome> {
    const written = [...plan.upserts, ...plan.retractions];
    const validFrom = new Date(request.polledAt).toISOString();
    const settled = settledRowsOf(written, request.feedKey, validFrom);
    const c = this.connection;
    await c.run('BEGIN TRANSACTION');
    try {
      await this.writeVersions(request, { written, settled, unretiredIds, validFrom });
      for (const { id, toFeed } of plan.handovers) {
        await c.run('UPDATE incident_current SET feed_key = $1 WHERE id = $2', [toFeed, id]);
      }
      // A held-back poll is suspicious: the feed's last good listing stands.
      if (!plan.guard) await this.replaceListing(request);
      await this.touchUnchanged(request, plan.unchangedIds);
      const outcome: CommitOutcome = { ...partial, active: await this.activeIncidents(request.feedKey) };
      await this.recordCommit(request, plan, validFrom, outcome);
      await c.run('COMMIT');
      return outcome;
    } catch (error) {
      await c.run('ROLLBACK');
      throw error;
    }
  }

  /**
   * The plan's new versions: each replaces its id's current row (and a retired one it brings back),
   * the versions it closes settle into history and the lake's queue, and CAP learns the ids changed.
   */
  private async writeVersions(request: CommitRequest, versions: VersionWrites): Promise<void> {
    const { written, settled, unretiredIds, validFrom } = versions;
    const writtenIds = written.map((row) => row.record.id);
    if (writtenIds.length === 0) return;
    const c = this.connection;
    // By id alone: an id is one row whichever feed listed it (ADR 6), so a row another feed
    // retracted is replaced, never kept beside the new one.
    await c.run('DELETE FROM incident_current WHERE list_contains($1, id)', [listValue(writtenIds)], {
      1: idList,
    });
    for (const id of unretiredIds) await c.run('DELETE FROM incident_retired WHERE id = $1', [id]);
    await this.appendCurrent(written, request.feedKey, request.polledAt, validFrom);
    await this.appendSettled('incident_version', settled);
    await this.appendSettled('lake_pending', settled);
    await withAppender(c, 'cap_changed', (changed) => {
      for (const id of writtenIds) {
        changed.appendVarchar(id);
        changed.endRow();
      }
    });
  }

  /** The ids the poll lists become the feed's listing (what handovers between feeds consult). */
  private async replaceListing(request: CommitRequest): Promise<void> {
    await this.connection.run('DELETE FROM feed_listing WHERE feed_key = $1', [request.feedKey]);
    await withAppender(this.connection, 'feed_listing', (appender) => {
      for (const record of request.incoming) {
        appender.appendVarchar(request.feedKey);
        appender.appendVarchar(record.id);
        appender.endRow();
      }
    });
  }

  /** Incidents the poll lists unchanged: only when they were fetched and last seen move. */
  private async touchUnchanged(request: CommitRequest, unchangedIds: readonly string[]): Promise<void> {
    if (unchangedIds.length === 0) return;
    await this.connection.run(
      'UPDATE incident_current SET fetched_at = $1, last_seen_at = $1 WHERE feed_key = $2 AND list_contains($3, id)',
      [request.polledAt, request.feedKey, listValue(unchangedIds)],
      { 3: idList },
    );
  }

  /** The poll's row in feed_commit, with its outcome: what makes a repeated commit a no-op. */
  private async recordCommit(
    request: CommitRequest,
    plan: CommitPlan,
    validFrom: string,
    outcome: CommitOutcome,
  ): Promise<void> {
    await this.connection.run(
      `INSERT INTO feed_commit (feed_key, committed_at, raw_sha256, received, inserted, changed, unchanged, retracted, guard, poll_id, outcome)
         VALUES ($1, $2::TIMESTAMPTZ, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        request.feedKey,
        validFrom,
        request.rawSha256,
        request.incoming.length,
        plan.inserted,
        plan.changed,
        plan.unchangedIds.length,
        plan.retractions.length,
        plan.guard,
        request.pollId,
        JSON.stringify(outcome),
      ],
    );
  }

  /** New current rows, each opening its version at the poll and extending its chain. */
  private async appendCurrent(
    rows: readonly PlannedRow[],
    feedKey: string,
    polledAt: string,
    validFrom: string,
  ): Promise<void> {
    const start = timestampTZ(validFrom);
    const startMs = Date.parse(validFrom);
    await withAppender(this.connection, 'incident_current', (appender) => {
      for (const row of rows) {
        appendRecord(appender, row.record);
        appender.appendVarchar(feedKey);
        appender.appendVarchar(row.contentHash);
        appender.appendInteger(row.version);
        appender.appendVarchar(row.firstSeenAt);
        appender.appendVarchar(polledAt);
        appender.appendTimestampTZ(start);
        const chain: ChainLink[] = [
          ...(row.previous?.chain ?? []),
          // Stamped with its generation's publication time by the publish that first shows it.
          [row.version, startMs, row.record.retracted, PENDING_PUBLICATION],
        ];
        appender.appendVarchar(encodeChain(chain));
        appender.endRow();
      }
    });
  }

  /** Settled versions go to the history table and, until the next publish, to the lake's queue. */
  private async appendSettled(table: 'incident_version' | 'lake_pending', rows: readonly SettledRow[]) {
    await withAppender(this.connection, table, (appender) => {
      for (const row of rows) {
        appendRecord(appender, row.record);
        appender.appendVarchar(row.feedKey);
        appender.appendVarchar(row.contentHash);
        appender.appendInteger(row.version);
        appender.appendTimestampTZ(timestampTZ(row.validFrom));
        if (row.validTo === null) appender.appendNull();
        else appender.appendTimestampTZ(timestampTZ(row.validTo));
        if (table === 'lake_pending') appender.appendVarchar(monthOf(row.validFrom));
        appender.endRow();
      }
    });
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/**
 * The version rows a commit settles: each version it closes (valid_to = this poll; a retraction that
 * is closed because the incident came back gets a closed copy, which readers prefer), and each
 * retraction it makes (settled at once: nothing follows it unless the incident returns).
 */
function settledRowsOf(written: readonly PlannedRow[], feedKey: string, polledAt: string): SettledRow[] {
  const rows: SettledRow[] = [];
  for (const row of written) {
    const previous = row.previous;
    if (previous) {
      rows.push({
        record: previous.record,
        feedKey,
        contentHash: previous.contentHash,
        version: previous.version,
        validFrom: new Date(previous.validFrom).toISOString(),
        validTo: polledAt,
      });
    }
    if (row.record.retracted) {
      rows.push({
        record: row.record,
        feedKey,
        contentHash: row.contentHash,
        version: row.version,
        validFrom: polledAt,
        validTo: null,
      });
    }
  }
  return rows;
}

export function timestampTZ(iso: string) {
  return timestampTZValue(BigInt(Date.parse(iso)) * 1000n);
}

/** The record columns of one row, in RECORD_COLUMNS order. */
export function appendRecord(appender: DuckDBAppender, record: IncidentRecord): void {
  for (const column of RECORD_COLUMNS) {
    const value = record[column.name];
    if (value === null || value === undefined) appender.appendNull();
    else if (column.sql === 'DOUBLE') appender.appendDouble(Number(value));
    else if (column.sql === 'BOOLEAN') appender.appendBoolean(Boolean(value));
    else appender.appendVarchar(String(value));
  }
}

/**
 * Repairs a warehouse written before ids were kept unique across feeds: of several rows for one id,
 * the one with the highest version stays (it carries every later change). Runs at open; a no-op after.
 */
async function collapseDuplicateRows(connection: DuckDBConnection): Promise<void> {
  await connection.run(`DELETE FROM incident_current WHERE rowid IN (
    SELECT rowid FROM (
      SELECT rowid, row_number() OVER (PARTITION BY id ORDER BY version DESC, last_seen_at DESC) AS rank
      FROM incident_current
    ) WHERE rank > 1
  )`);
}
