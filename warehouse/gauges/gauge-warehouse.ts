import { readFile, stat } from 'node:fs/promises';
import { loadThresholdsTable, type ThresholdsTable } from '../../gauges/index.js';
import type { Manifest } from '../../lake/manifest.js';
import type { Warehouse } from '../warehouse.js';
import { applyGaugePoll, type GaugeCommitOutcome, type GaugeCommitRequest } from './commit.js';
import { compactGaugePartitions } from './compact.js';
import { loadGaugePlacer, type GaugePlacer } from './placement.js';
import { publishPendingGauges } from './publish.js';
import { applyGaugeRetention, type GaugeRetentionResult } from './retention.js';

export interface GaugeWarehouseOptions {
  dataDir: string;
  lakeDir: string;
  /** GAUGE_THRESHOLDS_FILE: read again whenever it changes. */
  thresholdsFile?: string | undefined;
  /** GEOGRAPHY_LGA_BOUNDARIES: loaded on the first commit. */
  boundariesFile?: string | undefined;
  now?: () => Date;
}

/**
 * The gauge side of the single writer: commits staged polls and publishes them, compacts and ages out
 * gauge history. Holds the flood thresholds table and the LGA placer, loaded once.
 */
export class GaugeWarehouse {
  private placer: Promise<GaugePlacer> | undefined;
  private thresholds: { mtimeMs: number; table: ThresholdsTable } | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly warehouse: Warehouse,
    private readonly options: GaugeWarehouseOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Applies a staged poll (once per poll id) and publishes what it queued. */
  async commit(request: GaugeCommitRequest): Promise<GaugeCommitOutcome & { generation: number | null }> {
    this.placer ??= loadGaugePlacer(this.options.boundariesFile);
    const placer = await this.placer;
    const thresholds = await this.thresholdsTable();
    return this.warehouse.exclusive(async () => {
      const now = this.now();
      const outcome = await applyGaugePoll(this.warehouse.db, request, { ...this.options, now, placer });
      const manifest = await publishPendingGauges(this.warehouse.db, {
        lakeDir: this.options.lakeDir,
        now,
        thresholds,
      });
      return { ...outcome, generation: manifest?.generation ?? null };
    });
  }

  /** Publishes anything queued and not yet published (after a publish that failed or was killed). */
  async publishPending(): Promise<Manifest | undefined> {
    const thresholds = await this.thresholdsTable();
    return this.warehouse.exclusive(() =>
      publishPendingGauges(this.warehouse.db, { lakeDir: this.options.lakeDir, now: this.now(), thresholds }),
    );
  }

  compact(progress?: (done: number, total: number) => void) {
    return compactGaugePartitions(this.warehouse, {
      lakeDir: this.options.lakeDir,
      now: this.now(),
      ...(progress ? { progress } : {}),
    });
  }

  retention(
    now: Date = this.now(),
    progress?: (done: number, total: number) => void,
  ): Promise<GaugeRetentionResult> {
    return applyGaugeRetention(this.warehouse, {
      lakeDir: this.options.lakeDir,
      now,
      ...(progress ? { progress } : {}),
    });
  }

  /** The curated table, read again when its file changes; empty when none is configured. */
  private async thresholdsTable(): Promise<ThresholdsTable> {
    const file = this.options.thresholdsFile;
    if (!file) return new Map();
    const { mtimeMs } = await stat(file);
    if (this.thresholds?.mtimeMs !== mtimeMs) {
      this.thresholds = { mtimeMs, table: loadThresholdsTable(await readFile(file, 'utf8')) };
    }
    return this.thresholds.table;
  }
}
