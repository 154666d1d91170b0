import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { createArchiveActivities } from '../../activities/archive-activities.js';
import { createEventActivities } from '../../activities/event-activities.js';
import { normalise } from '../../model/index.js';
import { clusteringConfig } from '../../config/clustering.js';
import { dataLayout, FEED_CATALOGUE, type Settings } from '../../config/index.js';
import {
  INTERCHANGE_COLUMNS,
  NO_LOCATOR,
  toRecord,
  type GaugeSeries,
  type StateCode,
} from '../../model/index.js';
import { generateArchiveRows } from '../../replay/archive/generate.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { syntheticStation } from '../../replay/gauges/index.js';
import { parseNswRfsMajorIncidents } from '../../sources/nsw/rfs-major-incidents.js';
import { GaugeWarehouse, readingsCsv, writeStagedPoll } from '../../warehouse/gauges/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { declarationSettings, refreshOnce, writeStandInInputs } from '../declarations/support/api-fixture.js';
import { TEST_CAP_ISSUER } from './cap-issuer.js';

/**
 * A data folder whose lake holds files of every published table, written through the warehouse's own
 * paths (feed commits, an archive load, a gauge poll, a declaration refresh, a clustering run), with
 * time ranges on both sides of each plan's lookback as seen from `now`: incident versions and gauge
 * readings from about two years back and from the day before, archive files within one year, within
 * five years, a century back, and straddling the one- and five-year lookbacks.
 */
export interface EveryTableLake {
  dir: string;
  lakeDir: string;
  capFeedFile: string;
  warehouse: Warehouse;
  /** The gauge whose readings the lake holds. */
  gaugeId: string;
  /** The settings naming the stand-in declaration inputs the lake's declarations were read from. */
  declarationSettings: Settings;
  close(): Promise<void>;
}

const FEED = FEED_CATALOGUE.find((feed) => feed.key === 'nsw-rfs-major-incidents')!;
const DAY_MS = 86_400_000;

/** Made-up archive rows of one state, starting on the given days (the generator's rows, re-dated). */
function archiveRows(state: StateCode, days: readonly string[], seed: number) {
  const rows = [...generateArchiveRows({ rows: days.length, seed })];
  return rows.map((row, index) => ({
    ...row,
    source_id: `${state}-${index}`,
    state,
    event_start_date: days[index]!,
    event_end_date: '',
    latitude: '',
    longitude: '',
    postcode: '',
    lga: '',
  }));
}

async function writeArchiveCsv(path: string, rows: readonly Record<string, string>[]): Promise<void> {
  await pipeline(
    Readable.from(rows),
    stringify({
      header: true,
      columns: INTERCHANGE_COLUMNS.map((column) => column.name),
      record_delimiter: '\n',
    }),
    createWriteStream(path),
  );
}

/** Readings every 15 minutes for a day from `fromMs`, at the source's standard offset (+10:00). */
function dayOfReadings(fromMs: number): GaugeSeries['readings'] {
  return Array.from({ length: 96 }, (_, i) => {
    const ms = fromMs + i * 15 * 60_000;
    const local = new Date(ms + 10 * 3_600_000).toISOString().slice(0, 19);
    return { time: `${local}+10:00`, value: 1 + (i % 10) / 10, quality: null };
  });
}

export async function everyTableLake(now: Date): Promise<EveryTableLake> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-every-table-'));
  const layout = dataLayout(dir);
  const warehouse = await Warehouse.open(layout.warehouseFile);
  const nowMs = now.getTime();

  // Incidents: a poll about 22 months back, then two the day before `now` that each change one
  // incident, closing one version in the first poll's month and one in `now`'s (incident_versions).
  const incidents = syntheticNswIncidents(12, 5);
  const poll = async (list: typeof incidents, polledAt: string) => {
    const body = new TextEncoder().encode(renderNswMajorIncidents(list));
    await warehouse.commit({
      feedKey: FEED.key,
      rawSha256: createHash('sha256').update(body).digest('hex'),
      incoming: parseNswRfsMajorIncidents(body).incidents.map((draft) =>
        toRecord(normalise(draft, polledAt)),
      ),
      polledAt,
      pollId: `poll@${polledAt}`,
    });
  };
  const capFeed = { file: layout.capFeedFile, issuer: TEST_CAP_ISSUER, baseUrl: '' };
  await poll(incidents, new Date(nowMs - 660 * DAY_MS).toISOString());
  await publishNow(warehouse, layout.lakeDir, { capFeed });
  for (const hoursBack of [24, 12]) {
    const later = new Date(nowMs - hoursBack * 3_600_000);
    await poll(
      incidents.map((incident, index) =>
        index === 0 ? { ...incident, title: `Renamed ${hoursBack} hours back`, updated: later } : incident,
      ),
      later.toISOString(),
    );
    await publishNow(warehouse, layout.lakeDir, { capFeed });
  }

  // The archive: one state within a year, one within five years, one a century back, and two whose
  // files straddle a lookback (one and five years): their earliest rows decide.
  const year = (offsetDays: number) => new Date(nowMs - offsetDays * DAY_MS).toISOString().slice(0, 10);
  const archive = join(dir, 'archive.csv');
  await writeArchiveCsv(archive, [
    ...archiveRows('nsw', [year(300), year(290), year(250)], 11),
    ...archiveRows('vic', [year(3 * 365), year(3 * 365 - 20)], 12),
    ...archiveRows('qld', ['1911-03-01', '1920-07-14'], 13),
    ...archiveRows('sa', [year(400), year(200)], 14),
    ...archiveRows('wa', [year(6 * 365), year(4 * 365)], 15),
  ]);
  await createArchiveActivities({
    dataDir: dir,
    lakeDir: layout.lakeDir,
    warehouse,
    locator: () => Promise.resolve(NO_LOCATOR),
  }).bulkLoadArchive({
    loadId: 'every-table',
    file: archive,
    format: 'interchange',
    source: 'generated',
    loadedAt: now.toISOString(),
  });

  // Gauges: one station's readings of a day about two years back, and of the day before `now`.
  const station = syntheticStation({
    index: 0,
    source: 'nsw-hydstra',
    state: 'nsw',
    offsetMinutes: 600,
    stationNo: '410001',
    name: 'Made Up Creek at Nowhere',
    latitude: -33,
    longitude: 150,
    variable: 'water_level',
    datum: 'local',
    baseLevel: 1,
    thresholds: null,
    flood: null,
    lastReportMs: null,
  });
  const gauges = new GaugeWarehouse(warehouse, { dataDir: dir, lakeDir: layout.lakeDir, now: () => now });
  const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  for (const [index, fromMs] of [
    startOfDay(nowMs - 700 * DAY_MS),
    startOfDay(nowMs - 2 * DAY_MS),
  ].entries()) {
    const series: GaugeSeries = { station, readings: dayOfReadings(fromMs), missing: 0 };
    const csv = readingsCsv([series]);
    const stagedPath = `staged/gauges/nsw-hydstra/poll-${index}.json`;
    await writeStagedPoll(
      dir,
      stagedPath,
      {
        source: 'nsw-hydstra',
        polledAt: now.toISOString(),
        stations: [station],
        seriesThresholds: [],
        raw: [],
        readings: csv.rows,
      },
      csv.text,
    );
    await gauges.commit({ pollId: `gauge-poll-${index}`, stagedPath });
  }

  // Declarations from the stand-in inputs, and one clustering run (events).
  const declarationInputs = declarationSettings(dir, await writeStandInInputs(dir));
  await refreshOnce(declarationInputs, warehouse);
  await createEventActivities({
    lakeDir: layout.lakeDir,
    warehouse,
    clustering: clusteringConfig(),
    now: () => now,
  }).clusterEvents();

  return {
    dir,
    lakeDir: layout.lakeDir,
    capFeedFile: layout.capFeedFile,
    warehouse,
    gaugeId: station.id,
    declarationSettings: declarationInputs,
    async close() {
      warehouse.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
