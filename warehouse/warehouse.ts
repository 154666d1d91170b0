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
import { RECORD_COLUMNS, RECORD_COLUMN_LIST, type IncidentRecord } from '../model/index.js';
import { planCommit, type CommitPlan, type CurrentRow, type PlannedRow } from './commit-plan.js';
import { WAREHOUSE_DDL } from './schema.js';

export interface CommitRequest {
  feedKey: string;
  /** Names the poll (the raw body's hash and the fetch time): a commit is applied once per poll. */
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

/**
 * The warehouse: the one module that opens the DuckDB file, always read-write, from exactly one
 * process (the warehouse worker). Readers use the published Parquet instead.
 */
export class Warehouse {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(path: string): Promise<Warehouse> {
    if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    for (const ddl of WAREHOUSE_DDL) await connection.run(ddl);
    await collapseDuplicateRows(connection);
    return new Warehouse(instance, connection);
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

  /** The warehouse connection, for the publisher, which copies tables out. */
  get db(): DuckDBConnection {
    return this.connection;
  }

  async currentRows(feedKey: string): Promise<CurrentRow[]> {
    return this.rowsWhere('feed_key = $1', [feedKey]);
  }

  private async rowsWhere(where: string, params: DuckDBValue[]): Promise<CurrentRow[]> {
    const reader = await this.connection.runAndReadAll(
      `SELECT ${RECORD_COLUMN_LIST}, content_hash, version, first_seen_at FROM incident_current WHERE ${where}`,
      params,
      params.map((p) => (p instanceof DuckDBListValue ? idList : VARCHAR)),
    );
    return reader.getRowObjectsJS().map((row) => {
      const { content_hash, version, first_seen_at, ...record } = row;
      return {
        record: record as unknown as IncidentRecord,
        contentHash: content_hash as string,
        version: Number(version),
        firstSeenAt: first_seen_at as string,
      };
    });
  }

  /**
   * Diffs a good poll against the feed's current rows and applies it in one transaction.
   * Ids are global: one incident listed by two feeds of an agency is kept once, by the feed that
   * listed it first; it is handed to the other feed, not retracted, when the first stops listing it.
   */
  async commit(request: CommitRequest): Promise<CommitOutcome> {
    const repeated = await this.committedOutcome(request.pollId);
    if (repeated) return repeated;
    const incomingIds = listValue(request.incoming.map((record) => record.id));
    const elsewhere = await this.rowsWhere('feed_key <> $1 AND list_contains($2, id)', [
      request.feedKey,
      incomingIds,
    ]);
    const ownedElsewhere = new Set(
      elsewhere.filter((row) => !row.record.retracted).map((row) => row.record.id),
    );
    const takenOver = elsewhere.filter((row) => row.record.retracted);
    const own = await this.currentRows(request.feedKey);
    const listings = await this.connection.runAndReadAll(
      'SELECT id, any_value(feed_key) AS feed_key FROM feed_listing WHERE feed_key <> $1 AND list_contains($2, id) GROUP BY id',
      [request.feedKey, listValue(own.map((row) => row.record.id))],
      [VARCHAR, idList],
    );
    const listedElsewhere = new Map(
      listings.getRowObjectsJS().map((row) => [row.id as string, row.feed_key as string]),
    );
    const plan = planCommit({
      existing: [...own, ...takenOver],
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
    return this.apply(request, plan, outcome);
  }

  /** Applies a plan and records the poll's outcome in one transaction, so a poll is committed once. */
  private async apply(
    request: CommitRequest,
    plan: CommitPlan,
    partial: Omit<CommitOutcome, 'active'>,
  ): Promise<CommitOutcome> {
    const written = [...plan.upserts, ...plan.retractions];
    const replacedIds = written.map((row) => row.record.id);
    const supersededIds = written.filter((row) => row.supersedes).map((row) => row.record.id);
    const polledAt = new Date(request.polledAt);
    const c = this.connection;
    await c.run('BEGIN TRANSACTION');
    try {
      if (replacedIds.length > 0) {
        // By id alone: an id is one row whichever feed listed it (ADR 6), so a row another feed
        // retracted is replaced, never kept beside the new one.
        await c.run('DELETE FROM incident_current WHERE list_contains($1, id)', [listValue(replacedIds)], {
          1: idList,
        });
      }
      if (supersededIds.length > 0) {
        await c.run(
          'UPDATE incident_version SET valid_to = $1::TIMESTAMPTZ WHERE valid_to IS NULL AND list_contains($2, id)',
          [polledAt.toISOString(), listValue(supersededIds)],
          { 2: idList },
        );
      }
      if (written.length > 0) {
        await this.appendRows('incident_current', written, (appender, row) => {
          appender.appendVarchar(request.feedKey);
          appender.appendVarchar(row.contentHash);
          appender.appendInteger(row.version);
          appender.appendVarchar(row.firstSeenAt);
          appender.appendVarchar(request.polledAt);
        });
        const validFrom = timestampTZValue(BigInt(polledAt.getTime()) * 1000n);
        await this.appendRows('incident_version', written, (appender, row) => {
          appender.appendVarchar(request.feedKey);
          appender.appendVarchar(row.contentHash);
          appender.appendInteger(row.version);
          appender.appendTimestampTZ(validFrom);
          appender.appendNull();
        });
      }
      for (const { id, toFeed } of plan.handovers) {
        await c.run('UPDATE incident_current SET feed_key = $1 WHERE id = $2', [toFeed, id]);
      }
      if (!plan.guard) {
        // A held-back poll is suspicious: the feed's last good listing stands.
        await c.run('DELETE FROM feed_listing WHERE feed_key = $1', [request.feedKey]);
        const appender = await c.createAppender('feed_listing');
        try {
          for (const record of request.incoming) {
            appender.appendVarchar(request.feedKey);
            appender.appendVarchar(record.id);
            appender.endRow();
          }
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
      }
      if (plan.unchangedIds.length > 0) {
        await c.run(
          'UPDATE incident_current SET fetched_at = $1, last_seen_at = $1 WHERE feed_key = $2 AND list_contains($3, id)',
          [request.polledAt, request.feedKey, listValue(plan.unchangedIds)],
          { 3: idList },
        );
      }
      const active = await c.runAndReadAll(
        "SELECT count(*)::INTEGER AS n FROM incident_current WHERE feed_key = $1 AND NOT retracted AND feature_type = 'incident'",
        [request.feedKey],
      );
      const outcome: CommitOutcome = { ...partial, active: Number(active.getRowObjectsJS()[0]?.n ?? 0) };
      await c.run(
        `INSERT INTO feed_commit (feed_key, committed_at, raw_sha256, received, inserted, changed, unchanged, retracted, guard, poll_id, outcome)
         VALUES ($1, $2::TIMESTAMPTZ, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          request.feedKey,
          polledAt.toISOString(),
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
      await c.run('COMMIT');
      return outcome;
    } catch (error) {
      await c.run('ROLLBACK');
      throw error;
    }
  }

  /** Bulk rows go through an appender: record columns first, then the table's own trailing columns. */
  private async appendRows(
    table: string,
    rows: readonly PlannedRow[],
    appendTrailing: (appender: DuckDBAppender, row: PlannedRow) => void,
  ): Promise<void> {
    const appender = await this.connection.createAppender(table);
    try {
      for (const row of rows) {
        for (const column of RECORD_COLUMNS) {
          const value = row.record[column.name];
          if (value === null || value === undefined) appender.appendNull();
          else if (column.sql === 'DOUBLE') appender.appendDouble(Number(value));
          else if (column.sql === 'BOOLEAN') appender.appendBoolean(Boolean(value));
          else appender.appendVarchar(String(value));
        }
        appendTrailing(appender, row);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
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
