import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLgaGrid } from '../../../replay/stand-ins/geo/index.js';
import { GAUGE_SOURCE_NAMES, type GaugeSeries, type GaugeSourceName } from '../../../model/index.js';
import { renderThresholdsTable, syntheticSeries, syntheticStation } from '../../../replay/gauges/index.js';
import { isAquariusGauge } from '../../../sources/gauges/aquarius/index.js';
import { type SyntheticGauge } from '../../../sources/gauges/fake/index.js';
import {
  GaugeWarehouse,
  readingsCsv,
  writeStagedPoll,
  type GaugeCommitOutcome,
} from '../../../warehouse/gauges/index.js';
import { Warehouse } from '../../../warehouse/warehouse.js';

/**
 * A warehouse and lake of made-up gauges, committed through the warehouse's own path (staged poll →
 * commit → publish), with a flood thresholds table and stand-in LGA boundaries over NSW, and a clock
 * the test moves.
 */
export interface GaugeLake {
  dir: string;
  lakeDir: string;
  warehouse: Warehouse;
  gauges: GaugeWarehouse;
  clock: { now: Date };
  /** Commits every source's readings in [fromMs, toMs) as one poll per source, at the clock's time. */
  commitWindow(fleet: readonly SyntheticGauge[], fromMs: number, toMs: number): Promise<void>;
  /** Commits one poll of hand-made series. */
  commitSeries(source: GaugeSourceName, series: GaugeSeries[], pollId?: string): Promise<GaugeCommitOutcome>;
  close(): Promise<void>;
}

/** Stand-in LGAs: 0.5° squares over NSW's gauge box (146–153° E, 29–36.5° S); the top row is Queensland. */
export const NSW_GRID = generateLgaGrid({ columns: 14, rows: 15, cellDegrees: 0.5, origin: [146, -29] });

let polls = 0;

export async function gaugeLake(fleet: readonly SyntheticGauge[], now: Date): Promise<GaugeLake> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-gauges-'));
  const lakeDir = join(dir, 'lake');
  const thresholdsFile = join(dir, 'flood-thresholds.csv');
  const boundariesFile = join(dir, 'lga.geojson');
  await writeFile(thresholdsFile, renderThresholdsTable(fleet));
  await writeFile(boundariesFile, JSON.stringify(NSW_GRID.geojson));
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  const clock = { now };
  const gauges = new GaugeWarehouse(warehouse, {
    dataDir: dir,
    lakeDir,
    thresholdsFile,
    boundariesFile,
    now: () => clock.now,
  });
  return {
    dir,
    lakeDir,
    warehouse,
    gauges,
    clock,
    async commitWindow(members, fromMs, toMs) {
      for (const source of GAUGE_SOURCE_NAMES) {
        const series = members
          .filter((gauge) => gauge.source === source)
          .map((gauge) => syntheticSeries(gauge, fromMs, toMs));
        if (series.length === 0) continue;
        const csv = readingsCsv(series);
        const stagedPath = `staged/gauges/${source}/poll-${++polls}.json`;
        await writeStagedPoll(
          dir,
          stagedPath,
          {
            source,
            polledAt: clock.now.toISOString(),
            stations: series.map((one) => one.station),
            // AQUARIUS series carry their own levels (the table has none for them).
            seriesThresholds: members
              .filter((gauge) => gauge.source === source && isAquariusGauge(gauge) && gauge.thresholds)
              .map((gauge) => [
                syntheticStation(gauge).id,
                {
                  ...gauge.thresholds!,
                  datum: 'local' as const,
                  sourceUrl: 'https://example.org/aquarius',
                  retrieved: '2026-01-15',
                },
              ]),
            raw: [],
            readings: csv.rows,
          },
          csv.text,
        );
        await gauges.commit({ pollId: `test-${polls}`, stagedPath });
      }
    },
    async commitSeries(source, series, pollId = `test-${++polls}`) {
      const csv = readingsCsv(series);
      const stagedPath = `staged/gauges/${source}/${pollId}.json`;
      await writeStagedPoll(
        dir,
        stagedPath,
        {
          source,
          polledAt: clock.now.toISOString(),
          stations: series.map((one) => one.station),
          seriesThresholds: [],
          raw: [],
          readings: csv.rows,
        },
        csv.text,
      );
      return gauges.commit({ pollId, stagedPath });
    },
    async close() {
      warehouse.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
