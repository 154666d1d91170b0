import { filesOf, type Manifest } from '../../lake/manifest.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { FloodClass } from '../../model/index.js';
import { toCatalogueGauge, viewAt, type CatalogueGauge } from '../gauges/catalogue.js';
import { makeChange, type StreamChange } from './change.js';
import { gaugeFacets } from './facets.js';
import { isAfter, subjectKey, type ChangePosition } from './position.js';

const HOUR_MS = 3_600_000;

/** A gauge as the stream keeps it: the catalogue's gauge, and when the lake first showed its class. */
export interface StreamGauge {
  gauge: CatalogueGauge;
  /** publishedAt (ms) of the generation that first showed its flood class; null when unknown. */
  classPublishedAt: number | null;
  previousFloodClass: FloodClass | null;
}

/** The gauges of one generation (from its gauges_latest file), and that file, to load it once. */
export interface GaugeSnapshot {
  path: string | undefined;
  gauges: readonly StreamGauge[];
}

export const NO_GAUGES: GaugeSnapshot = { path: undefined, gauges: [] };

/** The generation's gauges: `kept` when its gauges_latest file is the one already loaded. */
export async function loadGauges(
  store: ServingStore,
  manifest: Manifest,
  kept: GaugeSnapshot,
): Promise<GaugeSnapshot> {
  const [file] = filesOf(manifest, 'gauges_latest');
  if (!file) return NO_GAUGES;
  if (file.path === kept.path) return kept;
  const rows = await store.query(
    `SELECT * EXCLUDE (latest_time, class_published_at), epoch_ms(latest_time)::DOUBLE AS latest_ms,
       epoch_ms(class_published_at)::DOUBLE AS class_published_ms
     FROM ${store.filesRelation('gauges_latest', [file])} ORDER BY id`,
  );
  return {
    path: file.path,
    gauges: rows.map((row) => ({
      gauge: toCatalogueGauge(row),
      classPublishedAt: row.class_published_ms === null ? null : Number(row.class_published_ms),
      previousFloodClass: (row.previous_flood_class ?? null) as FloodClass | null,
    })),
  };
}

/** The instant a gauge goes stale (one millisecond past its horizon), if it has a reading. */
export function staleAt(gauge: CatalogueGauge): number | undefined {
  return gauge.latestMs === null ? undefined : gauge.latestMs + gauge.stalenessHorizonHours * HOUR_MS + 1;
}

/**
 * Flood class changes the lake first showed after `after`: one per gauge (its latest), with the class
 * before it. `previous` (the gauges shown before, when known) lets a filter match the old place too.
 */
export function floodClassChanges(
  snapshot: GaugeSnapshot,
  previous: GaugeSnapshot | undefined,
  after: ChangePosition | undefined,
): StreamChange[] {
  const before = new Map(previous?.gauges.map((entry) => [entry.gauge.id, entry.gauge]));
  const changes: StreamChange[] = [];
  for (const { gauge, classPublishedAt, previousFloodClass } of snapshot.gauges) {
    if (classPublishedAt === null) continue;
    const position = { at: classPublishedAt, key: subjectKey('gauge', gauge.id), seq: 0 };
    if (!isAfter(position, after)) continue;
    const old = before.get(gauge.id);
    const facets = old ? [gaugeFacets(gauge), gaugeFacets(old)] : [gaugeFacets(gauge)];
    const data = { ...viewAt(gauge, classPublishedAt), previousFloodClass };
    changes.push(makeChange(position, 'gauge.flood_class_changed', gauge.id, facets, data));
  }
  return changes;
}

/**
 * Gauges that went stale in (`after`, `upTo`]: their latest reading passed its source's horizon then.
 * Derived from the reading's time, so every replica finds the same instant; a gauge that has reported
 * again since is not seen.
 */
export function staleChanges(
  snapshot: GaugeSnapshot,
  after: ChangePosition | undefined,
  upTo: number,
): StreamChange[] {
  const changes: StreamChange[] = [];
  for (const { gauge } of snapshot.gauges) {
    const at = staleAt(gauge);
    if (at === undefined || at > upTo) continue;
    const position = { at, key: subjectKey('gauge', gauge.id), seq: 1 };
    if (!isAfter(position, after)) continue;
    changes.push(makeChange(position, 'gauge.stale', gauge.id, [gaugeFacets(gauge)], viewAt(gauge, at)));
  }
  return changes;
}
