import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventActivities, type ClusterEventsResult } from '../../activities/event-activities.js';
import type { App } from '../../api/app.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { clusteringConfig } from '../../config/clustering.js';
import { FEED_CATALOGUE } from '../../config/index.js';
import { filesOf, readManifest } from '../../lake/manifest.js';
import type { SyntheticIncident } from '../../replay/generators/nsw-rfs.js';
import { readEventState } from '../../warehouse/events.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { bearer } from '../support/keys.js';
import type { ResponseValidator } from '../support/openapi-validator.js';
import { testApi, type TestApi } from '../support/test-api.js';
import { FEED, fire, idOf, recordsOf, UPDATED } from './support.js';

interface EventFeature {
  type: 'Feature';
  id: string;
  geometry: { type: string };
  properties: {
    title: string;
    incidentCount: number;
    affectedStates: string[];
    eventTypes: string[];
    maxSeverity: string;
    maxWarningLevel: string;
    isActive: boolean;
    incidents?: { id: string; properties: { eventType: string } }[];
  };
}
interface EventCollection {
  type: 'FeatureCollection';
  features: EventFeature[];
  meta: { totalEvents: number; generatedAt: string; nextCursor?: string };
  links: { self: string; next?: string };
  attribution: string;
}
interface Problem {
  status: number;
  detail?: string;
}

const NSW_FEED = FEED_CATALOGUE.find((feed) => feed.key === FEED)!;
const POLLED = UPDATED.toISOString();
/** Clustering runs on this clock, from 90 minutes after the poll; each step moves it on. */
let clock = new Date(UPDATED.getTime() + 90 * 60_000);
const minutesLater = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

/** Complex A (three fires, one under an Emergency Warning), complex B (two), and a lone fire. */
const complexA = [
  fire(1, 147.0, -33.0, { alertLevel: 'Emergency Warning' }),
  fire(2, 147.04, -33.0),
  fire(3, 147.0, -33.04),
];
const complexB = [fire(4, 149.0, -31.0), fire(5, 149.05, -31.0)];
const lone = fire(6, 146.0, -30.0);

describe('clustered events: the clustering step, the lake and /v1/events', () => {
  let dir: string;
  let lakeDir: string;
  let warehouse: Warehouse;
  let store: ServingStore;
  let api: TestApi;
  let app: App;
  let validator: ResponseValidator;
  let headers: Record<string, string>;
  let cluster: () => Promise<ClusterEventsResult>;
  let polls = 0;

  async function commit(fires: SyntheticIncident[]): Promise<void> {
    polls++;
    await warehouse.commit({
      feedKey: FEED,
      rawSha256: String(polls).padStart(64, '0'),
      incoming: recordsOf(fires, POLLED),
      polledAt: POLLED,
      pollId: `poll-${polls}`,
      guarded: false,
    });
    await publishNow(warehouse, lakeDir);
  }

  /** One clustering step, then the API loads whatever it published. */
  async function step(): Promise<ClusterEventsResult> {
    const result = await cluster();
    // A load the watcher started may have read the manifest before this step wrote its own.
    await store.whenLoaded((await readManifest(lakeDir))?.generation ?? 0);
    return result;
  }

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await app.request(path, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
    });
    await validator.check('GET', path, response);
    return response;
  }
  async function json<T>(path: string, status = 200): Promise<T> {
    const response = await request(path);
    expect(response.status, path).toBe(status);
    if (status >= 400) expect(response.headers.get('content-type')).toBe('application/problem+json');
    return (await response.json()) as T;
  }
  const list = (query = '') => json<EventCollection>(`/v1/events${query}`);
  const eventWith = (collection: EventCollection, fireId: number) =>
    collection.features.find((feature) => feature.properties.title.includes(`Place${fireId}`));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-events-'));
    lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    const activities = createEventActivities({
      lakeDir,
      warehouse,
      clustering: clusteringConfig(),
      now: () => clock,
    });
    cluster = () => activities.clusterEvents();
    await commit([...complexA, ...complexB, lone]);
    store = await ServingStore.open(lakeDir);
    api = await testApi({ store, catalogue: [NSW_FEED], now: () => clock });
    ({ app, validator } = api);
    headers = bearer(api.tokens.get('free')!);
  });
  afterAll(async () => {
    api.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers an empty list before the first clustering', async () => {
    const body = await list();
    expect(body).toMatchObject({ type: 'FeatureCollection', features: [], meta: { totalEvents: 0 } });
  });

  it('clusters the live incidents, keeps the state and publishes the events table', async () => {
    const result = await step();
    expect(result).toMatchObject({ incidents: 6, active: 2, inactive: 0 });
    const manifest = await readManifest(lakeDir);
    expect(result.publishedGeneration).toBe(manifest?.generation);
    expect(filesOf(manifest, 'events')).toHaveLength(1);
    expect(filesOf(manifest, 'events')[0]).toMatchObject({ rows: 2, schemaVersion: 3 });
    const state = await warehouse.exclusive(() => readEventState(warehouse.db));
    expect(state.map((event) => event.memberIds).sort()).toEqual([
      [idOf(1), idOf(2), idOf(3)],
      [idOf(4), idOf(5)],
    ]);
    expect(state.every((event) => event.lastMatchedAt === clock.toISOString())).toBe(true);
  });

  it('publishes nothing when a step changes nothing readers see, but keeps the time of the match', async () => {
    const before = await readManifest(lakeDir);
    const ids = (await list()).features.map((feature) => feature.id).sort();
    minutesLater(5);
    const result = await step();
    expect(result.publishedGeneration).toBeNull();
    expect((await readManifest(lakeDir))?.generation).toBe(before?.generation);
    expect((await list()).features.map((feature) => feature.id).sort()).toEqual(ids);
    const state = await warehouse.exclusive(() => readEventState(warehouse.db));
    expect(state.every((event) => event.lastMatchedAt === clock.toISOString())).toBe(true);
  });

  it('lists active events as a GeoJSON FeatureCollection, most recently updated first', async () => {
    const response = await request('/v1/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    const body = (await response.json()) as EventCollection;
    expect(body.meta.totalEvents).toBe(2);
    expect(body.meta.nextCursor).toBeUndefined();
    // Made with the generation's first answer (answers are cached per generation).
    expect(Date.parse(body.meta.generatedAt)).toBeLessThanOrEqual(clock.getTime());
    expect(body.attribution).toBe('/v1/attribution');
    const a = eventWith(body, 1) ?? eventWith(body, 2) ?? eventWith(body, 3);
    expect(a).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Polygon' },
      properties: {
        incidentCount: 3,
        affectedStates: ['nsw'],
        eventTypes: ['bushfire'],
        maxWarningLevel: 'emergency_warning',
        isActive: true,
      },
    });
    expect(a?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('carries the RateLimit headers the access gate adds, and answers 304 to its own ETag', async () => {
    const first = await request('/v1/events');
    expect(first.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(Number(first.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await request('/v1/events', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('filters by state (array overlap), event type, maximum severity and maximum warning level', async () => {
    expect((await list('?state=nsw')).meta.totalEvents).toBe(2);
    expect((await list('?state=vic,qld')).meta.totalEvents).toBe(0);
    expect((await list('?state=vic,nsw')).meta.totalEvents).toBe(2);
    expect((await list('?eventType=bushfire')).meta.totalEvents).toBe(2);
    expect((await list('?eventType=flood')).meta.totalEvents).toBe(0);
    const warned = await list('?warningLevel=emergency_warning');
    expect(warned.features.map((feature) => feature.properties.incidentCount)).toEqual([3]);
    expect((await list('?warningLevel=advice')).features.map((f) => f.properties.incidentCount)).toEqual([2]);
    const severities = (await list()).features.map((feature) => feature.properties.maxSeverity);
    expect((await list(`?severity=${severities[0]}`)).meta.totalEvents).toBe(
      severities.filter((severity) => severity === severities[0]).length,
    );
    expect((await list('?severity=Extreme,Severe,Moderate,Minor,Unknown')).meta.totalEvents).toBe(2);
  });

  it('pages by cursor with limit, each event once', async () => {
    const first = await list('?limit=1');
    expect(first.features).toHaveLength(1);
    expect(first.meta.totalEvents).toBe(2);
    expect(first.meta.nextCursor).toBeDefined();
    expect(first.links.next).toContain('cursor=');
    const second = await list(`?limit=1&cursor=${first.meta.nextCursor}`);
    expect(second.features).toHaveLength(1);
    expect(second.meta.nextCursor).toBeUndefined();
    expect(second.features[0]!.id).not.toBe(first.features[0]!.id);
    const all = await list();
    expect([first.features[0]!.id, second.features[0]!.id]).toEqual(all.features.map((f) => f.id));
  });

  it('refuses bad parameters with 400 problems', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=1.5']) {
      const problem = await json<Problem>(`/v1/events?${query}`, 400);
      expect(problem.detail, query).toContain('limit');
    }
    expect((await list('?limit=200')).meta.totalEvents).toBe(2);
    expect((await json<Problem>('/v1/events?state=nsw,xx', 400)).detail).toContain('state');
    expect((await json<Problem>('/v1/events?eventType=fire', 400)).detail).toContain('eventType');
    expect((await json<Problem>('/v1/events?severity=High', 400)).detail).toContain('severity');
    expect((await json<Problem>('/v1/events?warningLevel=red', 400)).detail).toContain('warningLevel');
    expect((await json<Problem>('/v1/events?include_inactive=yes', 400)).detail).toContain(
      'include_inactive',
    );
    expect((await json<Problem>('/v1/events?cursor=not-a-cursor', 400)).detail).toContain('cursor');
    const { meta } = await list('?limit=1');
    expect(
      (await json<Problem>(`/v1/events?limit=1&state=nsw&cursor=${meta.nextCursor}`, 400)).detail,
    ).toContain('different query');
  });

  it('answers 401 without a key or with a wrong one', async () => {
    for (const path of ['/v1/events', `/v1/events/${(await list()).features[0]!.id}`]) {
      const missing = await app.request(path);
      expect(missing.status, path).toBe(401);
      expect(missing.headers.get('content-type')).toBe('application/problem+json');
      await validator.check('GET', path, missing);
      const wrong = await app.request(path, { headers: bearer('eids_nope_nope') });
      expect(wrong.status, path).toBe(401);
    }
  });

  it('serves one event by id, with its incidents when asked', async () => {
    const [event] = (await list('?warningLevel=emergency_warning')).features;
    const one = await json<EventFeature>(`/v1/events/${event!.id}`);
    expect(one).toEqual(event);
    expect(one.properties.incidents).toBeUndefined();
    const upper = await json<EventFeature>(`/v1/events/${event!.id.toUpperCase()}`);
    expect(upper.id).toBe(event!.id);
    const withIncidents = await json<EventFeature>(`/v1/events/${event!.id}?include_incidents=true`);
    expect(withIncidents.properties.incidents?.map((incident) => incident.id)).toEqual([
      idOf(1),
      idOf(2),
      idOf(3),
    ]);
    expect(withIncidents.properties.incidents?.[0]?.properties.eventType).toBe('bushfire');
    expect((await json<Problem>(`/v1/events/${event!.id}?include_incidents=maybe`, 400)).detail).toContain(
      'include_incidents',
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['3f1c2a4e-0000-4000-8000-000000000000', 'not-a-uuid', idOf(1), '1234']) {
      const problem = await json<Problem>(`/v1/events/${id}`, 404);
      expect(problem.status).toBe(404);
    }
  });

  it('keeps an event’s id as it grows, and publishes the change', async () => {
    const before = eventWith(await list(), 1)!;
    minutesLater(5);
    await commit([...complexA, fire(7, 147.03, -33.03), ...complexB, lone]);
    const result = await step();
    expect(result.publishedGeneration).not.toBeNull();
    const after = eventWith(await list(), 1) ?? eventWith(await list(), 7);
    expect(after?.id).toBe(before.id);
    expect(after?.properties.incidentCount).toBe(4);
  });

  it('ends an event whose incidents are gone once the grace period is over, and lists it only when asked', async () => {
    const b = (await list('?warningLevel=advice')).features[0]!;
    minutesLater(5);
    await commit([...complexA, fire(7, 147.03, -33.03), lone]);
    // Within the grace period the event stays active, as it was.
    expect((await step()).publishedGeneration).toBeNull();
    expect((await list()).meta.totalEvents).toBe(2);
    minutesLater(61);
    expect(await step()).toMatchObject({ active: 1, inactive: 1 });
    const active = await list();
    expect(active.features.map((feature) => feature.id)).not.toContain(b.id);
    const everything = await list('?include_inactive=true');
    expect(everything.meta.totalEvents).toBe(2);
    expect(everything.features.find((feature) => feature.id === b.id)?.properties.isActive).toBe(false);
    const ended = await json<EventFeature>(`/v1/events/${b.id}?include_incidents=true`);
    expect(ended.properties.isActive).toBe(false);
    // Its incidents were retracted: still current (retracted within 7 days), so still embedded.
    expect(ended.properties.incidents?.map((incident) => incident.id)).toEqual([idOf(4), idOf(5)]);
  });
});
