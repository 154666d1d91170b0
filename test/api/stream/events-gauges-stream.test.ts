import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventActivities } from '../../../activities/event-activities.js';
import { clusteringConfig } from '../../../config/clustering.js';
import { gaugeSourceByName } from '../../../config/gauge-sources.js';
import { comparePositions, parseChangeId } from '../../../api/stream/position.js';
import { syntheticStation } from '../../../replay/gauges/index.js';
import type { SyntheticGauge } from '../../../sources/gauges/fake/index.js';
import { formatAtOffset } from '../../../model/time/fixed-offset.js';
import { FEED, fire, recordsOf } from '../../events/support.js';
import { gaugeLake, type GaugeLake } from '../../gauges/support/gauge-lake.js';
import { bearer } from '../../support/keys.js';
import { expectStreamEventsMatchDocument } from '../../support/openapi-validator.js';
import { SseClient, type SseEvent } from '../../support/sse.js';
import { FeedPolls, startReplica, type Replica } from '../../support/stream-replicas.js';

const HOUR = 3_600_000;
const HORIZON = gaugeSourceByName('nsw-hydstra')!.stalenessHorizonHours * HOUR;

function gauge(stationNo: string, thresholds: SyntheticGauge['thresholds']): SyntheticGauge {
  return {
    index: Number(stationNo),
    source: 'nsw-hydstra',
    state: 'nsw',
    offsetMinutes: 600,
    stationNo,
    name: `Test ${stationNo}`,
    latitude: -33,
    longitude: 150,
    variable: 'water_level',
    datum: 'local',
    baseLevel: 1,
    thresholds,
    flood: null,
    lastReportMs: null,
  };
}
const flooding = gauge('410001', { minor: 2, moderate: 3, major: 4 });
const silent = gauge('410002', null);
/** One reading of a gauge, at a whole second. */
const series = (synthetic: SyntheticGauge, ms: number, value: number) => ({
  station: syntheticStation(synthetic),
  readings: [{ time: formatAtOffset(Math.floor(ms / 1000) * 1000, 600), value, quality: null }],
  missing: 0,
});

interface Change {
  id: string;
  type: string;
  subject: string;
  data: {
    id: string;
    properties?: { incidentCount: number; isActive: boolean };
    floodClass?: string;
    previousFloodClass?: string | null;
    readingStatus?: string;
  };
}
const documentOf = (event: SseEvent) => JSON.parse(event.data) as Change;

/** What this file's streams receive: every event type of events and gauges. */
const EXPECTED_EVENTS = [
  'ready',
  'event.formed',
  'event.changed',
  'event.ended',
  'gauge.flood_class_changed',
  'gauge.stale',
];

describe('GET /v1/stream: clustered events and gauges', () => {
  let lake: GaugeLake;
  let polls: FeedPolls;
  let replica: Replica;
  let cluster: () => Promise<unknown>;
  const clients: SseClient[] = [];

  async function open(query: string, headers: Record<string, string> = {}) {
    const client = await SseClient.open(`${replica.url}/v1/stream${query}`, bearer(replica.token(), headers));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    lake = await gaugeLake([flooding], new Date());
    polls = new FeedPolls(lake.warehouse, lake.lakeDir);
    const events = createEventActivities({
      lakeDir: lake.lakeDir,
      warehouse: lake.warehouse,
      clustering: clusteringConfig({ graceMinutes: 0 }),
    });
    cluster = () => events.clusterEvents();
    // The first gauge publication is the baseline of flood classes: no change yet.
    await lake.commitSeries('nsw-hydstra', [series(flooding, Date.now() - 10 * 60_000, 1.0)]);
    replica = await startReplica(lake.lakeDir, { tickMs: 200, staleMarginMs: 300 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await replica.close();
    await lake.close();
  });

  it('sends events formed, changed and ended, and resumes an event in its latest state', async () => {
    const stream = await open('?types=event.formed,event.changed,event.ended');
    const ready = await stream.next((event) => event.event === 'ready');
    const away = await open('?types=event.formed,event.changed,event.ended&state=vic');
    await away.next((event) => event.event === 'ready');
    const complex = [fire(1, 147.0, -33.0), fire(2, 147.04, -33.0), fire(3, 147.0, -33.04)];
    const polled = new Date().toISOString();
    await polls.poll(FEED, recordsOf(complex, polled));
    await cluster();
    await polls.poll(FEED, recordsOf([...complex, fire(4, 147.02, -33.02)], polled));
    await cluster();
    await polls.poll(FEED, [], ['nsw-rfs-1', 'nsw-rfs-2', 'nsw-rfs-3', 'nsw-rfs-4']);
    await cluster();

    const changes = (await stream.take(3)).map(documentOf);
    expect(changes.map((change) => change.type)).toEqual(['event.formed', 'event.changed', 'event.ended']);
    expect(new Set(changes.map((change) => change.subject)).size).toBe(1);
    expect(changes.map((change) => change.data.properties)).toMatchObject([
      { incidentCount: 3, isActive: true },
      { incidentCount: 4, isActive: true },
      { isActive: false },
    ]);
    await replica.caughtUp();
    expect(away.unread()).toEqual([]);

    // The lake keeps the event's latest state only: a resume gets that, once.
    const resumed = await open('?types=event.formed,event.changed,event.ended', {
      'last-event-id': ready.id!,
    });
    const missed = documentOf(await resumed.next());
    expect(missed).toMatchObject({ type: 'event.ended', id: changes[2]!.id });
  });

  it('sends a gauge reaching a flood class, and a gauge going stale when its horizon passes', async () => {
    const stream = await open('?types=gauge.flood_class_changed,gauge.stale&bbox=149,-34,151,-32');
    const ready = await stream.next((event) => event.event === 'ready');
    lake.clock.now = new Date();
    const minor = series(flooding, Date.now() - 5 * 60_000, 2.5);
    await lake.commitSeries('nsw-hydstra', [minor]);
    const rising = documentOf(await stream.next());
    expect(rising).toMatchObject({
      type: 'gauge.flood_class_changed',
      subject: syntheticStation(flooding).id,
      data: { floodClass: 'minor', previousFloodClass: 'below_minor', readingStatus: 'current' },
    });

    // A new gauge whose only reading passes the 24 h horizon a few seconds from now (time for the
    // commit to land while it is still current, on a loaded machine too); unclassified, so its
    // appearance is no flood class change. (A poll lists every station of its source.)
    lake.clock.now = new Date();
    await lake.commitSeries('nsw-hydstra', [minor, series(silent, Date.now() - HORIZON + 5_000, 0.5)]);
    const stale = documentOf(await stream.next());
    expect(stale).toMatchObject({
      type: 'gauge.stale',
      subject: syntheticStation(silent).id,
      data: { readingStatus: 'stale' },
    });
    expect(comparePositions(parseChangeId(stale.id)!, parseChangeId(rising.id)!)).toBeGreaterThan(0);

    const resumed = await open('?types=gauge.flood_class_changed,gauge.stale', {
      'last-event-id': ready.id!,
    });
    expect((await resumed.take(2)).map((event) => event.id)).toEqual([rising.id, stale.id]);
  });

  it('sends only events the document describes, each matching its schema', async () => {
    const counts = await expectStreamEventsMatchDocument(
      replica.url,
      clients.flatMap((client) => client.events),
    );
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(EXPECTED_EVENTS));
  });
});
