import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, parseChangeId } from '../../../api/stream/position.js';
import { readManifest } from '../../../lake/manifest.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { makeRecord } from '../../support/incidents.js';
import { bearer } from '../../support/keys.js';
import { expectStreamEventsMatchDocument } from '../../support/openapi-validator.js';
import { SseClient, type SseEvent } from '../../support/sse.js';
import { FeedPolls, startReplica, type Replica } from '../../support/stream-replicas.js';

interface ChangeDocument {
  id: string;
  type: string;
  timestamp: string;
  subject: string;
  version?: number;
  data: { id: string; properties: { title: string; retraction: { retracted: boolean } } };
}

const documentOf = (event: SseEvent) => JSON.parse(event.data) as ChangeDocument;
const isChange = (event: SseEvent) => event.event.startsWith('incident.');
const HOUR = 3_600_000;

/** What this file's streams receive: every incident change type, a resume's reset. */
const EXPECTED_EVENTS = ['ready', 'incident.created', 'incident.updated', 'incident.retracted', 'reset'];

describe('GET /v1/stream: incident changes, resumable on any replica', () => {
  let dir: string;
  let lakeDir: string;
  let warehouse: Warehouse;
  let polls: FeedPolls;
  let a: Replica;
  let b: Replica;
  const clients: SseClient[] = [];

  async function open(replica: Replica, query = '', headers: Record<string, string> = {}) {
    const client = await SseClient.open(`${replica.url}/v1/stream${query}`, bearer(replica.token(), headers));
    clients.push(client);
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return client;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-stream-'));
    lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    polls = new FeedPolls(warehouse, lakeDir);
    await polls.poll('feed-a', [makeRecord('1')]);
    a = await startReplica(lakeDir, { tickMs: 300 });
    b = await startReplica(lakeDir, { tickMs: 300 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await a.close();
    await b.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends created, updated and retracted, with ids every replica gives alike, in order', async () => {
    const onA = await open(a);
    const onB = await open(b);
    await onA.next((event) => event.event === 'ready');
    await onB.next((event) => event.event === 'ready');

    await polls.poll('feed-a', [makeRecord('2')]);
    await polls.poll('feed-a', [makeRecord('2', { title: 'Test fire 2, now larger' })]);
    await polls.poll('feed-a', [], ['nsw-rfs-2']);

    const fromA = await onA.take(3, isChange);
    const fromB = await onB.take(3, isChange);
    expect(fromA.map((event) => event.event)).toEqual([
      'incident.created',
      'incident.updated',
      'incident.retracted',
    ]);
    expect(fromB.map((event) => event.id)).toEqual(fromA.map((event) => event.id));
    expect(fromB.map((event) => event.data)).toEqual(fromA.map((event) => event.data));
    const positions = fromA.map((event) => parseChangeId(event.id!)!);
    expect(comparePositions(positions[0]!, positions[1]!)).toBeLessThan(0);
    expect(comparePositions(positions[1]!, positions[2]!)).toBeLessThan(0);

    const [created, updated, retracted] = fromA.map(documentOf);
    expect(created).toMatchObject({ type: 'incident.created', subject: 'nsw-rfs-2', version: 1 });
    expect(updated).toMatchObject({ version: 2, data: { properties: { title: 'Test fire 2, now larger' } } });
    expect(retracted).toMatchObject({
      version: 3,
      data: { properties: { retraction: { retracted: true } } },
    });
    // The document carries the resource as its endpoint serves it.
    const served = await fetch(`${a.url}/v1/incidents/nsw-rfs-2`, { headers: bearer(a.token()) });
    expect(retracted!.data).toEqual(await served.json());
    expect(Date.parse(created!.timestamp)).toBe(positions[0]!.at);
  });

  it('resumes on another replica with every change missed, intermediate versions included, then live ones', async () => {
    const first = await open(a);
    await first.next((event) => event.event === 'ready');
    await polls.poll('feed-a', [makeRecord('3')]);
    const seen = await first.next(isChange);
    first.close();

    // Missed while away: two commits of one incident in one generation, then an update elsewhere.
    await polls.commit('feed-a', [makeRecord('3', { title: 'Test fire 3, second report' })]);
    await polls.commit('feed-a', [makeRecord('3', { title: 'Test fire 3, third report' })]);
    await polls.publish();
    await polls.poll('feed-b', [makeRecord('4')]);
    await polls.poll('feed-a', [makeRecord('1', { title: 'Test fire 1, updated' })]);
    await b.caughtUp();

    const resumed = await open(b, '', { 'last-event-id': seen.id! });
    const missed = await resumed.take(4, isChange);
    expect(
      missed.map((event) => [event.event, documentOf(event).subject, documentOf(event).version]),
    ).toEqual([
      ['incident.updated', 'nsw-rfs-3', 2],
      ['incident.updated', 'nsw-rfs-3', 3],
      ['incident.created', 'nsw-rfs-4', 1],
      ['incident.updated', 'nsw-rfs-1', 2],
    ]);
    // Version 2 was settled by version 3 before any replica loaded it: it is read from the lake.
    expect(documentOf(missed[0]!).data.properties.title).toBe('Test fire 3, second report');
    expect(documentOf(missed[1]!).data.properties.title).toBe('Test fire 3, third report');
    const ready = await resumed.next((event) => event.event === 'ready');
    expect(JSON.parse(ready.data)).toMatchObject({ resumed: 4, resumeWindowHours: 24 });

    await polls.poll('feed-b', [makeRecord('4', { title: 'Test fire 4, later' })]);
    const live = await resumed.next(isChange);
    expect(documentOf(live)).toMatchObject({ type: 'incident.updated', subject: 'nsw-rfs-4', version: 2 });
    expect(comparePositions(parseChangeId(live.id!)!, parseChangeId(missed[3]!.id!)!)).toBeGreaterThan(0);

    // The same id on the first replica resumes identically.
    const again = await open(a, `?lastEventId=${encodeURIComponent(seen.id!)}`);
    const replayed = await again.take(5, isChange);
    expect(replayed.map((event) => event.id)).toEqual([...missed, live].map((event) => event.id));
  });

  it('answers an id older than the window, or one it never issued, with a reset, then carries on live', async () => {
    const old = `${Date.now() - 25 * HOUR}-0123456789ab-1`;
    const stale = await open(a, '', { 'last-event-id': old });
    const reset = await stale.next();
    expect(reset.event).toBe('reset');
    expect(JSON.parse(reset.data)).toMatchObject({ reason: 'too-old' });
    expect(parseChangeId(reset.id!)).toBeDefined();
    await stale.next((event) => event.event === 'ready');

    const unknown = await open(b, '', { 'last-event-id': 'not-an-id' });
    expect(await unknown.next()).toMatchObject({ event: 'reset' });
    expect(JSON.parse(unknown.events[0]!.data)).toMatchObject({ reason: 'unknown-id' });
    await unknown.next((event) => event.event === 'ready');

    await polls.poll('feed-a', [makeRecord('5')]);
    expect(documentOf(await stale.next(isChange)).subject).toBe('nsw-rfs-5');
    expect(documentOf(await unknown.next(isChange)).subject).toBe('nsw-rfs-5');
  });

  it('keeps an idle stream alive with a comment that moves its id past changes it filtered out', async () => {
    const idle = await open(a, '?state=tas');
    const ready = await idle.next((event) => event.event === 'ready');
    await polls.poll('feed-a', [makeRecord('6')]);
    await a.caughtUp();
    const published = Date.parse((await readManifest(lakeDir))!.publishedAt);
    expect(parseChangeId(ready.id!)!.at).toBeLessThan(published);
    // Keep-alives come every 300 ms here: one soon names a position past the generation just published.
    const deadline = Date.now() + 10_000;
    while (parseChangeId(idle.lastEventId!)!.at < published && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(parseChangeId(idle.lastEventId!)!.at).toBeGreaterThanOrEqual(published);
    expect(idle.comments).toContain('keep-alive');
    expect(idle.events.filter(isChange)).toEqual([]);
  });

  it('is never compressed, whatever the client offers, and tells proxies not to buffer it', async () => {
    const client = await open(a, '', { 'accept-encoding': 'gzip, deflate, br' });
    expect(client.response.headers.get('content-encoding')).toBeNull();
    expect(client.response.headers.get('cache-control')).toBe('no-cache');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    await client.next((event) => event.event === 'ready');
  });

  it('needs a key, and refuses bad filters with a problem naming them', async () => {
    expect((await fetch(`${a.url}/v1/stream`)).status).toBe(401);
    const bad = await fetch(`${a.url}/v1/stream?lat=-33&radius=5`, { headers: bearer(a.token()) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toContain('lat, lng, radius');
    const unknown = await fetch(`${a.url}/v1/stream?types=incident.exploded`, { headers: bearer(a.token()) });
    expect(unknown.status).toBe(400);
  });

  it('sends only events the document describes, each matching its schema', async () => {
    const counts = await expectStreamEventsMatchDocument(
      a.url,
      clients.flatMap((client) => client.events),
    );
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(EXPECTED_EVENTS));
  });
});
