import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../model/index.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { makeRecord } from '../../support/incidents.js';
import { bearer } from '../../support/keys.js';
import { SseClient, type SseEvent } from '../../support/sse.js';
import { FeedPolls, startReplica, type Replica } from '../../support/stream-replicas.js';

const at = (longitude: number, latitude: number): Partial<Incident> => ({
  geometry: { type: 'Point', coordinates: [longitude, latitude] },
  location: { address: '', suburb: '', state: 'nsw', lga: '', latitude, longitude, precision: 'exact' },
});

const BOX = '150.4,-33.8,150.7,-33.6';
const nsw1 = makeRecord('1', at(150.5, -33.7));
const vic2 = makeRecord('2', {
  id: 'vic-cfa-2',
  source: { state: 'vic', agency: 'cfa', feedId: '2' },
  eventType: 'grass_fire',
  severity: 'Severe',
  warningLevel: 'watch_and_act',
  ...at(145, -37),
});
const nsw3 = makeRecord('3', {
  severity: 'Extreme',
  warningLevel: 'emergency_warning',
  ...at(150.6, -33.75),
});
const area = makeRecord('4-warning', {
  featureType: 'warning_area',
  parentId: 'nsw-rfs-3',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [150.3, -33.9],
        [150.5, -33.9],
        [150.5, -33.7],
        [150.3, -33.7],
        [150.3, -33.9],
      ],
    ],
  },
  location: { address: '', suburb: '', state: 'nsw', lga: '' },
});

/** Each stream's query and the changes it must carry, as `type subject`. */
const EXPECTED: Record<string, string[]> = {
  '': [
    'incident.created nsw-rfs-1',
    'incident.created vic-cfa-2',
    'incident.created nsw-rfs-3',
    'incident.updated nsw-rfs-1',
    'incident.retracted vic-cfa-2',
  ],
  '?state=vic': ['incident.created vic-cfa-2', 'incident.retracted vic-cfa-2'],
  // nsw-rfs-1 moves out of the box: the update is sent, as it leaves.
  [`?bbox=${BOX}`]: [
    'incident.created nsw-rfs-1',
    'incident.created nsw-rfs-3',
    'incident.updated nsw-rfs-1',
  ],
  '?eventType=grass_fire': ['incident.created vic-cfa-2', 'incident.retracted vic-cfa-2'],
  '?severity=Extreme': ['incident.created nsw-rfs-3'],
  '?warningLevel=emergency_warning,watch_and_act': [
    'incident.created vic-cfa-2',
    'incident.created nsw-rfs-3',
    'incident.retracted vic-cfa-2',
  ],
  '?lat=-37.05&lng=145.05&radius=10': ['incident.created vic-cfa-2', 'incident.retracted vic-cfa-2'],
  '?types=incident.retracted': ['incident.retracted vic-cfa-2'],
  // Areas are not point incidents: asked for by feature type, matched by their polygon.
  [`?featureType=warning_area&bbox=${BOX}`]: ['incident.created nsw-rfs-4-warning'],
  '?featureType=warning_area&lat=-33.8&lng=150.4&radius=1': ['incident.created nsw-rfs-4-warning'],
  '?featureType=warning_area&lat=-33.8&lng=150.6&radius=1': [],
};

const described = (event: SseEvent) =>
  `${event.event} ${(JSON.parse(event.data) as { subject: string }).subject}`;
const isChange = (event: SseEvent) => event.event.startsWith('incident.');

describe('GET /v1/stream: the filters of the lists', () => {
  let dir: string;
  let warehouse: Warehouse;
  let polls: FeedPolls;
  let replica: Replica;
  const streams = new Map<string, SseClient>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-stream-filters-'));
    const lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    polls = new FeedPolls(warehouse, lakeDir);
    replica = await startReplica(lakeDir);
  });
  afterAll(async () => {
    for (const client of streams.values()) client.close();
    await replica.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends each stream the changes its filters admit, before or after the change', async () => {
    for (const query of Object.keys(EXPECTED)) {
      const client = await SseClient.open(`${replica.url}/v1/stream${query}`, bearer(replica.token()));
      expect(client.response.status, query).toBe(200);
      await client.next((event) => event.event === 'ready');
      streams.set(query, client);
    }
    await polls.poll('feed-nsw', [nsw1]);
    await polls.poll('feed-vic', [vic2]);
    await polls.poll('feed-nsw', [nsw3]);
    await polls.poll('feed-nsw', [makeRecord('1', at(146, -31))]);
    await polls.poll('feed-vic', [], ['vic-cfa-2']);
    await polls.poll('feed-nsw', [area]);
    await replica.caughtUp();

    for (const [query, expected] of Object.entries(EXPECTED)) {
      const client = streams.get(query)!;
      const received = (await client.take(expected.length, isChange)).map(described);
      expect(received, query).toEqual(expected);
    }
    // Nothing more arrives: every frame of these generations was written before the last one read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [query, client] of streams)
      expect(client.unread().filter(isChange).map(described), query).toEqual([]);
  });
});
