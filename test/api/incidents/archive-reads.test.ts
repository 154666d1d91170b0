import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchiveActivities } from '../../../activities/archive-activities.js';
import type { App } from '../../../api/app.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { dataLayout, FEED_CATALOGUE, type Tier } from '../../../config/index.js';
import { INTERCHANGE_COLUMNS } from '../../../model/index.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { testLocator } from '../../archive/support.js';
import { bearer } from '../../support/keys.js';
import type { ResponseValidator } from '../../support/openapi-validator.js';
import { testApi, type TestApi } from '../../support/test-api.js';

const NOW = new Date('2026-11-21T00:00:00Z');

/** Interchange rows (docs/archive-format.md): made-up events with known days, points and impacts. */
const ROWS: Record<string, string>[] = [
  {
    source_id: 'fire-1',
    state: 'nsw',
    event_type: 'bushfire',
    title: 'Bushfire - Made-up Range',
    event_start_date: '1994-01-05',
    event_end_date: '1994-01-10',
    latitude: '-33.7',
    longitude: '150.3',
    impact_deaths: '4',
    impact_economic: '1250000.5',
    glide_number: 'WF-1994-000001-AUS',
  },
  {
    source_id: 'flood-2',
    state: 'nsw',
    event_type: 'flood',
    title: 'Flood - Made-up River',
    event_start_date: '1994-01-08',
    postcode: '2650',
  },
  {
    source_id: 'storm-3',
    state: 'vic',
    event_type: 'storm',
    title: 'Severe Storm - Made-up Plains',
    event_start_date: '1994-01-07',
    event_end_date: '1994-01-09',
    lga: 'Made-up Shire',
  },
  {
    source_id: 'quake-4',
    state: 'nsw',
    event_type: 'earthquake',
    title: 'Earthquake - Made-up Valley',
    event_start_date: '1850-03-01',
    magnitude: '5.4',
    magnitude_scale: 'ML',
  },
  // Rejected: the end is before the start.
  {
    source_id: 'bad-5',
    state: 'nsw',
    event_type: 'flood',
    title: 'Flood - Backwards',
    event_start_date: '1994-01-08',
    event_end_date: '1994-01-01',
  },
];

interface Feature {
  id: string;
  geometry: { type: string; coordinates: number[] } | null;
  properties: {
    location: { latitude?: number; longitude?: number; precision?: string; lga: string };
    archive?: Record<string, string | number>;
    timestamps: { reported: string; updated: string };
  };
}
interface Collection {
  features: Feature[];
  meta: { total_count: number; source: string };
}

describe('snapshots and history over the archive, through the API', () => {
  let dir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let app: App;
  let api: TestApi;
  let validator: ResponseValidator;
  let tier: Tier = 'pro';
  let tokens: ReadonlyMap<Tier, string>;
  let activities: ReturnType<typeof createArchiveActivities>;

  async function get<T>(path: string, status = 200): Promise<T> {
    const response = await app.request(path, { headers: bearer(tokens.get(tier)!) });
    await validator.check('GET', path, response);
    expect(response.status, path).toBe(status);
    return (await response.json()) as T;
  }
  const ids = (collection: Collection) => collection.features.map((feature) => feature.id).sort();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-archive-reads-'));
    const file = join(dir, 'events.csv');
    const header = INTERCHANGE_COLUMNS.map((column) => column.name);
    await writeFile(
      file,
      stringify([
        header,
        ...ROWS.map((row) => header.map((name) => row[name] ?? (name === 'agency' ? 'test' : ''))),
      ]),
    );
    const layout = dataLayout(dir);
    warehouse = await Warehouse.open(layout.warehouseFile);
    activities = createArchiveActivities({
      dataDir: dir,
      lakeDir: layout.lakeDir,
      warehouse,
      locator: () =>
        Promise.resolve(
          testLocator({
            postcodes: { '2650': { latitude: -35.1, longitude: 147.4, lga: 'Made-up City' } },
            lgas: { 'Made-up Shire': { latitude: -37.5, longitude: 143.8 } },
          }),
        ),
    });
    const result = await activities.bulkLoadArchive({
      loadId: 'archive-load-test',
      file,
      format: 'interchange',
      source: 'test',
      loadedAt: '2026-04-20T00:00:00Z',
    });
    expect(result.counts).toMatchObject({ records: 4, rejectedRows: 1 });
    expect(result.problems).toEqual([
      { line: 6, problem: 'end_before_start', field: 'event_end_date', value: '1994-01-01' },
    ]);
    store = await ServingStore.open(layout.lakeDir);
    api = await testApi({ store, catalogue: FEED_CATALOGUE.slice(0, 1), now: () => NOW });
    ({ app, tokens, validator } = api);
  });
  afterAll(async () => {
    api.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('returns the incidents active at an instant in the state, with their archive fields', async () => {
    // 1994-01-08 noon in Sydney: the fire (5th–10th) and the one-day flood of the 8th.
    const body = await get<Collection>(
      '/v1/incidents/snapshot?datetime=1994-01-08T12:00:00%2B11:00&state=nsw',
    );
    expect(body.meta.source).toBe('archive');
    expect(ids(body)).toEqual(['nsw-test-fire-1', 'nsw-test-flood-2']);
    const fire = body.features.find((feature) => feature.id === 'nsw-test-fire-1')!;
    expect(fire.geometry).toEqual({ type: 'Point', coordinates: [150.3, -33.7] });
    expect(fire.properties.archive).toEqual({
      eventStartDate: '1994-01-05',
      eventEndDate: '1994-01-10',
      impactDeaths: 4,
      impactEconomic: 1250000.5,
      glideNumber: 'WF-1994-000001-AUS',
    });
    expect(fire.properties.timestamps.reported).toBe('1994-01-05T00:00:00+11:00');
    // A row with only a postcode has the postcode's centroid, and says so.
    const flood = body.features.find((feature) => feature.id === 'nsw-test-flood-2')!;
    expect(flood.geometry).toEqual({ type: 'Point', coordinates: [147.4, -35.1] });
    expect(flood.properties.location).toMatchObject({ precision: 'postcode', lga: 'Made-up City' });
    expect(flood.properties.archive).toEqual({ eventStartDate: '1994-01-08' });
  });

  it('counts the local days of the state: start midnight inclusive, the midnight after the end exclusive', async () => {
    const at = async (instant: string, state = 'nsw') =>
      ids(
        await get<Collection>(
          `/v1/incidents/snapshot?datetime=${encodeURIComponent(instant)}&state=${state}`,
        ),
      );
    expect(await at('1994-01-05T00:00:00+11:00')).toEqual(['nsw-test-fire-1']);
    expect(await at('1994-01-04T23:59:59+11:00')).toEqual([]);
    expect(await at('1994-01-10T23:59:59+11:00')).toEqual(['nsw-test-fire-1']);
    expect(await at('1994-01-11T00:00:00+11:00')).toEqual([]);
    expect(await at('1994-01-09T00:00:00+11:00')).toEqual(['nsw-test-fire-1']);
    expect(await at('1850-03-01T12:00:00+10:00')).toEqual(['nsw-test-quake-4']);
    // The storm is Victoria's: a NSW snapshot never shows it, a Victorian one does (LGA centroid).
    const vic = await get<Collection>(
      '/v1/incidents/snapshot?datetime=1994-01-08T12:00:00%2B11:00&state=vic',
    );
    expect(ids(vic)).toEqual(['vic-test-storm-3']);
    expect(vic.features[0]!.properties.location).toMatchObject({ precision: 'lga', lga: 'Made-up Shire' });
  });

  it('needs a state and a plan whose lookback reaches the instant', async () => {
    await get('/v1/incidents/snapshot?datetime=1994-01-08T12:00:00Z', 400);
    tier = 'free';
    await get('/v1/incidents/snapshot?datetime=1994-01-08T12:00:00Z&state=nsw', 403);
    tier = 'developer';
    await get('/v1/incidents/snapshot?datetime=1994-01-08T12:00:00Z&state=nsw', 403);
    tier = 'pro';
  });

  it('includes archive incidents in history windows that reach before the archive boundary', async () => {
    const window = await get<Collection>(
      '/v1/incidents/history?after=1994-01-09T00:00:00Z&before=1994-02-01T00:00:00Z',
    );
    expect(window.meta.source).toBe('archive');
    expect(ids(window)).toEqual(['nsw-test-fire-1', 'vic-test-storm-3']);
    const nsw = await get<Collection>(
      '/v1/incidents/history?after=1800-01-01T00:00:00Z&before=2000-01-01T00:00:00Z&state=nsw&eventType=earthquake',
    );
    expect(ids(nsw)).toEqual(['nsw-test-quake-4']);
    // History is not a snapshot: no archive fields.
    expect(nsw.features[0]!.properties.archive).toBeUndefined();
    const recent = await get<Collection>('/v1/incidents/history?after=2026-05-01T00:00:00Z');
    expect(recent.meta).toMatchObject({ source: 'live', total_count: 0 });
  });

  it('serves an id once when the file is loaded again under another source name: the newest load’s record', async () => {
    const file = join(dir, 'events-again.csv');
    const header = INTERCHANGE_COLUMNS.map((column) => column.name);
    const again = ROWS.map((row) =>
      row.source_id === 'fire-1' ? { ...row, title: 'Bushfire - Made-up Range (revised)' } : row,
    );
    await writeFile(
      file,
      stringify([
        header,
        ...again.map((row) => header.map((name) => row[name] ?? (name === 'agency' ? 'test' : ''))),
      ]),
    );
    const result = await activities.bulkLoadArchive({
      loadId: 'archive-load-test-again',
      file,
      format: 'interchange',
      source: 'test-again',
      loadedAt: '2026-04-21T00:00:00Z',
    });
    expect(result.takenOver).toEqual([{ source: 'test', rows: 4 }]);
    await store.refresh();
    const body = await get<Collection>(
      '/v1/incidents/snapshot?datetime=1994-01-08T12:00:00%2B11:00&state=nsw',
    );
    expect(ids(body)).toEqual(['nsw-test-fire-1', 'nsw-test-flood-2']);
    expect(body.meta.total_count).toBe(2);
    const fire = body.features.find((feature) => feature.id === 'nsw-test-fire-1')!;
    expect((fire.properties as { title?: string }).title).toBe('Bushfire - Made-up Range (revised)');
  });
});
