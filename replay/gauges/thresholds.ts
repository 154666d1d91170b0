import { THRESHOLDS_TABLE_COLUMNS, THRESHOLDS_TABLE_VERSION_LINE } from '../../gauges/thresholds-table.js';
import { isAquariusGauge } from '../../sources/gauges/aquarius/index.js';
import type { SyntheticGauge } from '../../sources/gauges/fake/index.js';

/**
 * A flood thresholds table (version 1) for the made-up level gauges with thresholds, except AQUARIUS
 * ones, whose thresholds travel in their series descriptions instead. Addresses are made up.
 */
export function renderThresholdsTable(gauges: readonly SyntheticGauge[], retrieved = '2026-01-15'): string {
  const rows = gauges
    .filter((gauge) => gauge.thresholds && !isAquariusGauge(gauge))
    .map((gauge) => {
      const { minor, moderate, major } = gauge.thresholds!;
      const datum = gauge.datum === 'ahd' ? 'ahd' : 'local';
      const name = `"${gauge.name.replace(/"/g, '""')}"`;
      const url = `https://example.org/flood-classes/${gauge.source}/${encodeURIComponent(gauge.stationNo)}`;
      return [gauge.source, gauge.stationNo, name, minor, moderate, major, datum, url, retrieved].join(',');
    });
  return [THRESHOLDS_TABLE_VERSION_LINE, THRESHOLDS_TABLE_COLUMNS.join(','), ...rows].join('\n') + '\n';
}
