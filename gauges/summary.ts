import { GAUGE_LIMITS, type FloodClass, type Gauge } from '../model/index.js';
import { classRank } from './flood-class.js';

/**
 * GET /gauges/summary. Every gauge counts in `total` and in exactly one of: `stale` (whatever its
 * class: a stale reading is not counted as flooding or not), `unclassified`, below minor (not shown),
 * `minor`, `moderate` or `major`. The class fields count gauges in that class; `atOrAboveMinor` is
 * their sum. Rainfall gauges have no class and count only in `total` and `stale`.
 * `aboveMinorStations` lists the current gauges at or above minor, most severe first, capped at 500.
 */

/** The counts of the summary and of each group, in the order answers list them. */
export const GAUGE_COUNT_NAMES = [
  'total',
  'minor',
  'moderate',
  'major',
  'stale',
  'unclassified',
  'atOrAboveMinor',
] as const;
export type GaugeCounts = Record<(typeof GAUGE_COUNT_NAMES)[number], number>;

export interface GaugeSummaryGroup extends GaugeCounts {
  /** State code or LGA code; UNKNOWN_GROUP for the gauges without one. */
  key: string;
}

/**
 * The group of gauges without the grouping's field: the national source's gauges have no state, and
 * a gauge outside every LGA (or not yet placed) has no LGA. Sorted last; no state or LGA code is it.
 */
export const UNKNOWN_GROUP = 'unknown';

export interface GaugeSummary<G extends Gauge = Gauge> {
  summary: GaugeCounts;
  groups: GaugeSummaryGroup[];
  aboveMinorStations: G[];
}

export function summarizeGauges<G extends Gauge>(
  gauges: readonly G[],
  options: { groupBy: 'state' | 'lga'; stationCap?: number },
): GaugeSummary<G> {
  const summary = emptyCounts();
  const groups = new Map<string, GaugeSummaryGroup>();
  const above: G[] = [];
  for (const gauge of gauges) {
    const key = (options.groupBy === 'state' ? gauge.state : gauge.lga) ?? UNKNOWN_GROUP;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, ...emptyCounts() }));
    count(summary, gauge);
    count(group, gauge);
    if (gauge.readingStatus === 'current' && isFlooding(gauge.floodClass)) above.push(gauge);
  }
  above.sort((a, b) => classRank(b.floodClass) - classRank(a.floodClass) || a.id.localeCompare(b.id));
  return {
    summary,
    groups: [...groups.values()].sort(
      (a, b) =>
        Number(a.key === UNKNOWN_GROUP) - Number(b.key === UNKNOWN_GROUP) || a.key.localeCompare(b.key),
    ),
    aboveMinorStations: above.slice(0, options.stationCap ?? GAUGE_LIMITS.summaryStationCap),
  };
}

function emptyCounts(): GaugeCounts {
  return Object.fromEntries(GAUGE_COUNT_NAMES.map((name) => [name, 0])) as GaugeCounts;
}

function isFlooding(floodClass: FloodClass | null): floodClass is 'minor' | 'moderate' | 'major' {
  return floodClass === 'minor' || floodClass === 'moderate' || floodClass === 'major';
}

function count(counts: GaugeCounts, gauge: Gauge): void {
  counts.total++;
  if (gauge.readingStatus === 'stale') {
    counts.stale++;
    return;
  }
  if (gauge.floodClass === 'unclassified') counts.unclassified++;
  else if (isFlooding(gauge.floodClass)) {
    counts[gauge.floodClass]++;
    counts.atOrAboveMinor++;
  }
}
