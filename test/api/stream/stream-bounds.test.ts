import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/harness.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { makeRecord } from '../../support/incidents.js';
import { bearer } from '../../support/keys.js';
import { SseClient, type SseEvent } from '../../support/sse.js';
import { FeedPolls, startReplica, type Replica } from '../../support/stream-replicas.js';

const isChange = (event: SseEvent) => event.event.startsWith('incident.');
/** A long description, so that a few polls fill the socket buffers of a client that stops reading. */
const LONG = 'A description long enough to make every frame weigh about eight kilobytes. '.repeat(110);
const INCIDENTS = 40;

describe('GET /v1/stream: bounds on a slow client and on the streams a process holds', () => {
  let dir: string;
  let warehouse: Warehouse;
  let polls: FeedPolls;
  let replica: Replica;
  const clients: SseClient[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-slow-stream-'));
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    polls = new FeedPolls(warehouse, join(dir, 'lake'));
    await polls.poll('feed-a', [makeRecord('0')]);
    replica = await startReplica(join(dir, 'lake'), {
      tickMs: 200,
      maxUnsentBytes: 64 * 1024,
      streamCapacity: 3,
    });
  });
  // Each test starts with no stream open, whatever the one before left.
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await waitFor(() => Promise.resolve(replica.hub.connections === 0 ? true : undefined), {
      what: 'every stream closed',
      timeoutMs: 10_000,
    });
  });
  afterAll(async () => {
    await replica.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function open(headers: Record<string, string> = {}) {
    const client = await SseClient.open(`${replica.url}/v1/stream`, bearer(replica.token(), headers));
    clients.push(client);
    await client.next((event) => event.event === 'ready');
    return client;
  }

  /** One poll in which every incident changes (about 320 KB of frames). */
  async function pollAll(round: number) {
    const records = Array.from({ length: INCIDENTS }, (_, i) =>
      makeRecord(String(i), { title: `Test fire ${i}, round ${round}`, details: { description: LONG } }),
    );
    await polls.poll('feed-a', records);
  }

  it('is dropped with a reset naming where it stands, and resumes from it with nothing lost or repeated', async () => {
    const reader = await open();
    const slow = await open();
    slow.pause();
    let rounds = 0;
    // Until the replica gives up on the slow client: the socket's buffers fill, then its own.
    while (replica.hub.counts.dropped === 0 && rounds < 200) {
      await pollAll(++rounds);
      await replica.caughtUp();
    }
    expect(replica.hub.counts.dropped).toBe(1);
    expect(replica.hub.connections).toBe(1);
    // One more round while it is away: what it missed is at least that, whatever it was handed before.
    await pollAll(++rounds);
    await replica.caughtUp();
    const everything = (await reader.take(rounds * INCIDENTS, isChange)).map((event) => event.id);

    slow.resume();
    const reset = await slow.next((event) => event.event === 'reset');
    const before = slow.events.filter((event, i) => isChange(event) && i < slow.events.indexOf(reset));
    const { reason, id } = JSON.parse(reset.data) as { reason: string; id: string };
    expect(reason).toBe('slow-client');
    expect(reset.id).toBe(id);
    // The replica ended the answer after the reset.
    await expect(slow.next(() => true, 5_000)).rejects.toThrow('the stream ended');

    // The resumed changes come before `ready`, live ones after it: there are none left to come.
    const resumed = await open({ 'last-event-id': id });
    const after = resumed.events.filter(isChange);
    expect(after.length).toBeGreaterThanOrEqual(INCIDENTS);
    expect([...before, ...after].map((event) => event.id)).toEqual(everything);
    for (const client of [reader, resumed]) client.close();
  });

  it('refuses a stream past its capacity with 503 and Retry-After, and says its count in /v1/status', async () => {
    const held = await Promise.all([0, 1, 2].map(() => open()));
    const refused = await fetch(`${replica.url}/v1/stream`, { headers: bearer(replica.token()) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /as many change streams as it will \(3\)/,
    );
    const status = await fetch(`${replica.url}/v1/status`, { headers: bearer(replica.token()) });
    const { streams } = (await status.json()) as {
      streams: { open: number; capacity: number; dropped: number };
    };
    expect(streams).toEqual({ open: 3, capacity: 3, dropped: 1 });
    held[0]!.close();
    await waitFor(() => Promise.resolve(replica.hub.connections === 2 || undefined), {
      what: 'the stream closed',
    });
    const again = await open();
    expect(again.response.status).toBe(200);
  });
});
