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
  rawSha256: string;
  incoming: IncidentRecord[];
  polledAt: string;
  allowMassRetraction: boolean;
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
    return new Warehouse(instance, connection);
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
      allowMassRetraction: request.allowMassRetraction,
      listedElsewhere,
    });
    await this.apply(request, plan);
    const active = await this.connection.runAndReadAll(
      "SELECT count(*)::INTEGER AS n FROM incident_current WHERE feed_key = $1 AND NOT retracted AND feature_type = 'incident'",
      [request.feedKey],
    );
    return {
      received: request.incoming.length,
      inserted: plan.inserted,
      changed: plan.changed,
      unchanged: plan.unchangedIds.length,
      retracted: plan.retractions.length,
      ownedElsewhere: ownedElsewhere.size,
      handedOver: plan.handovers.length,
      active: Number(active.getRowObjectsJS()[0]?.n ?? 0),
      guard: plan.guard,
    };
  }

  private async apply(request: CommitRequest, plan: CommitPlan): Promise<void> {
    const written = [...plan.upserts, ...plan.retractions];
    const replacedIds = written.map((row) => row.record.id);
    const supersededIds = written.filter((row) => row.supersedes).map((row) => row.record.id);
    const polledAt = new Date(request.polledAt);
    const c = this.connection;
    await c.run('BEGIN TRANSACTION');
    try {
      if (replacedIds.length > 0) {
        await c.run(
          'DELETE FROM incident_current WHERE feed_key = $1 AND list_contains($2, id)',
          [request.feedKey, listValue(replacedIds)],
          { 2: idList },
        );
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
      await c.run(`INSERT INTO feed_commit VALUES ($1, $2::TIMESTAMPTZ, $3, $4, $5, $6, $7, $8, $9)`, [
        request.feedKey,
        polledAt.toISOString(),
        request.rawSha256,
        request.incoming.length,
        plan.inserted,
        plan.changed,
        plan.unchangedIds.length,
        plan.retractions.length,
        plan.guard,
      ]);
      await c.run('COMMIT');
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
