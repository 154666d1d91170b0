import { commitGeneratedNsw } from './generated-nsw.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createDeclarationIngestActivities,
  createDeclarationWarehouseActivities,
} from '../../activities/index.js';
import { issueKey } from '../../api/access/issue.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';
import { dataLayout, parseSettings } from '../../config/index.js';
import { renderThresholdsTable, syntheticFleet, syntheticStation } from '../../replay/gauges/index.js';
import { readingTimes, valueAt } from '../../sources/gauges/fake/index.js';
import { demoDeclarationInputs } from '../../runtime/declaration-inputs.js';
import { GaugeWarehouse, STAGED_READING_COLUMNS, writeStagedPoll } from '../../warehouse/gauges/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { gaugeSourceByName } from '../../config/gauge-sources.js';
import { GAUGE_SOURCE_NAMES } from '../../model/index.js';

export interface BenchData {
  /** Settings an API process over this folder needs besides DATA_DIR (the declarations inputs). */
  env: Record<string, string>;
  /** An enterprise key with the declarations entitlement. */
  token: string;
  incidents: number;
  gauges: number;
  declarationInputs: string;
}

const DAY_MS = 86_400_000;

/**
 * A data folder as the service leaves it, built through the warehouse's own paths: generated NSW
 * incidents, a fleet of made-up gauges with a day of readings, the declarations (../shared when it is
 * beside the project, else the demo's stand-ins), and a key in its access store.
 */
export async function buildBenchData(
  dataDir: string,
  options: { incidents: number; gauges: number },
): Promise<BenchData> {
  const layout = dataLayout(dataDir);
  const warehouse = await Warehouse.open(layout.warehouseFile);
  try {
    const records = await commitGeneratedNsw(warehouse, options.incidents, 1);
    await publishNow(warehouse, layout.lakeDir);

    const endMs = Date.now();
    const fleet = syntheticFleet({ count: options.gauges, seed: 2026, startMs: endMs - DAY_MS, endMs });
    const thresholdsFile = join(dataDir, 'flood-thresholds.csv');
    await writeFile(thresholdsFile, renderThresholdsTable(fleet));
    const gauges = new GaugeWarehouse(warehouse, {
      dataDir,
      lakeDir: layout.lakeDir,
      thresholdsFile,
      now: () => new Date(endMs + 60_000),
    });
    for (const source of GAUGE_SOURCE_NAMES) {
      const members = fleet.filter((gauge) => gauge.source === source);
      if (members.length === 0) continue;
      const offset = gaugeSourceByName(source)!.standardOffsetMinutes;
      const lines = [STAGED_READING_COLUMNS.join(',')];
      for (const gauge of members) {
        const id = syntheticStation(gauge).id;
        for (const time of readingTimes(gauge, endMs - DAY_MS, endMs))
          lines.push(`${id},${time},${offset},${valueAt(gauge, time)},`);
      }
      const stagedPath = `staged/gauges/${source}/bench.json`;
      await writeStagedPoll(
        dataDir,
        stagedPath,
        {
          source,
          polledAt: new Date(endMs).toISOString(),
          stations: members.map(syntheticStation),
          seriesThresholds: [],
          raw: [],
          readings: lines.length - 1,
        },
        `${lines.join('\n')}\n`,
      );
      await gauges.commit({ pollId: `bench-${source}`, stagedPath });
    }

    const inputs = await demoDeclarationInputs(dataDir);
    const settings = parseSettings({ DATA_DIR: dataDir, ...inputs.env });
    const ingest = createDeclarationIngestActivities({ settings });
    const publisher = createDeclarationWarehouseActivities({
      dataDir,
      lakeDir: layout.lakeDir,
      warehouse,
    });
    for (const source of await ingest.declarationSources()) {
      const fetchedSource = await ingest.fetchDeclarationSource({ source });
      await publisher.publishDeclarationSource(await ingest.parseDeclarationSource(fetchedSource));
    }

    const access = SqliteAccessStore.open(layout.accessDbFile);
    const { token } = await issueKey(
      access,
      { tier: 'enterprise', label: 'bench', entitlements: ['declarations'] },
      new Date(),
    );
    access.close();
    return {
      env: inputs.env,
      token,
      incidents: records.length,
      gauges: fleet.length,
      declarationInputs: inputs.real ? 'the real DRFA history and ABS boundaries' : 'the stand-ins',
    };
  } finally {
    warehouse.close();
  }
}
