import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_PER_REQUEST } from '../../../api/stream/metering.js';
import { StreamTokenCodec } from '../../../api/stream/tokens.js';
import { TIER_MONTHLY_QUOTA } from '../../../config/index.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { makeRecord } from '../../support/incidents.js';
import { bearer, testAccess, type TestAccess } from '../../support/keys.js';
import { SseClient, type SseEvent } from '../../support/sse.js';
import { FeedPolls, startReplica, type Replica } from '../../support/stream-replicas.js';

const SECRET = 'stream-token-secret-shared-by-replicas';
const isChange = (event: SseEvent) => event.event.startsWith('incident.');
const subjectOf = (event: SseEvent) => (JSON.parse(event.data) as { subject: string }).subject;

describe('stream tokens: EventSource without the key in the URL', () => {
  let dir: string;
  let warehouse: Warehouse;
  let polls: FeedPolls;
  let access: TestAccess;
  let a: Replica;
  let b: Replica;
  let metered: Replica;
  const clients: SseClient[] = [];

  async function tokenFor(replica: Replica, key: string, query = '', headers: Record<string, string> = {}) {
    const response = await fetch(`${replica.url}/v1/stream/tokens${query}`, {
      method: 'POST',
      headers: bearer(key, headers),
    });
    return {
      response,
      body: (await response.json()) as { token: string; expiresAt: string; stream: string },
    };
  }
  async function open(url: string, headers: Record<string, string> = {}) {
    const client = await SseClient.open(url, headers);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-stream-tokens-'));
    const lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    polls = new FeedPolls(warehouse, lakeDir);
    await polls.poll('feed-nsw', [makeRecord('1')]);
    access = testAccess(join(dir, 'access.sqlite'));
    a = await startReplica(lakeDir, { access, tokenSecret: SECRET });
    b = await startReplica(lakeDir, { access, tokenSecret: SECRET });
    metered = await startReplica(lakeDir, { quotas: { ...TIER_MONTHLY_QUOTA, free: 3 } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const replica of [a, b, metered]) await replica.close();
    access.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('issues a token for one stream that opens it, with its filters, on any replica, without a key', async () => {
    const { response, body } = await tokenFor(a, a.token(), '?state=vic&types=incident.created');
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.token).toMatch(/^est_[\w-]+\.[\w-]+$/);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(body.stream).toBe(`/v1/stream?token=${encodeURIComponent(body.token)}`);

    const onB = await open(`${b.url}${body.stream}`);
    expect(onB.response.status).toBe(200);
    await onB.next((event) => event.event === 'ready');
    await polls.poll('feed-nsw', [makeRecord('2')]);
    await polls.poll('feed-vic', [
      makeRecord('3', { id: 'vic-cfa-3', source: { state: 'vic', agency: 'cfa', feedId: '3' } }),
    ]);
    await polls.poll('feed-vic', [
      makeRecord('3', {
        id: 'vic-cfa-3',
        title: 'later',
        source: { state: 'vic', agency: 'cfa', feedId: '3' },
      }),
    ]);
    await polls.poll('feed-vic', [
      makeRecord('4', { id: 'vic-cfa-4', source: { state: 'vic', agency: 'cfa', feedId: '4' } }),
    ]);
    expect((await onB.take(2, isChange)).map((event) => `${event.event} ${subjectOf(event)}`)).toEqual([
      'incident.created vic-cfa-3',
      'incident.created vic-cfa-4',
    ]);
  });

  it('refuses filters beside a token, an expired, forged or foreign token, and a revoked key', async () => {
    const { body } = await tokenFor(a, a.token(), '?state=vic');
    const beside = await fetch(`${a.url}${body.stream}&state=nsw`);
    expect(beside.status).toBe(400);
    expect(((await beside.json()) as { detail: string }).detail).toContain('a stream token carries');

    const keyId = a.token().split('_')[1]!;
    const expired = new StreamTokenCodec(SECRET).issue(keyId, '', Date.now() - 6 * 60_000).token;
    const forged = new StreamTokenCodec('another-deployment-secret').issue(keyId, '', Date.now()).token;
    const edited = body.token.replace(/^est_./, (prefix) => `est_${prefix.endsWith('e') ? 'f' : 'e'}`);
    for (const [what, token] of [
      ['expired', expired],
      ['forged', forged],
      ['edited', edited],
    ] as const) {
      const response = await fetch(`${a.url}/v1/stream?token=${encodeURIComponent(token)}`);
      expect(response.status, what).toBe(401);
      expect(response.headers.get('www-authenticate'), what).toContain('invalid_token');
      expect(response.headers.get('content-type'), what).toBe('application/problem+json');
    }
    expect(
      (
        (await (await fetch(`${a.url}/v1/stream?token=${encodeURIComponent(expired)}`)).json()) as {
          detail: string;
        }
      ).detail,
    ).toContain('expired');

    // A token opens the stream only: it is no key for anything else, tokens included.
    expect((await fetch(`${a.url}/v1/incidents?token=${encodeURIComponent(body.token)}`)).status).toBe(401);
    const minted = await fetch(`${a.url}/v1/stream/tokens?token=${encodeURIComponent(body.token)}`, {
      method: 'POST',
    });
    expect(minted.status).toBe(401);

    const revoked = await access.issue('pro');
    const { body: doomed } = await tokenFor(a, revoked.token);
    await access.store.revoke(revoked.id, new Date());
    expect((await fetch(`${b.url}${doomed.stream}`)).status).toBe(401);
  });

  it("applies the key's origin allowlist to the streams its tokens open", async () => {
    const key = await access.issue('pro', { origins: ['https://ops.example'] });
    const refused = await tokenFor(a, key.token, '', { origin: 'https://elsewhere.example' });
    expect(refused.response.status).toBe(403);
    const { response, body } = await tokenFor(a, key.token, '', { origin: 'https://ops.example' });
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://ops.example');

    const elsewhere = await fetch(`${b.url}${body.stream}`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { type: string }).type).toBe('/v1/problems/origin-not-allowed');
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await open(`${b.url}${body.stream}`, { origin: 'https://ops.example' });
    expect(allowed.response.status).toBe(200);
    expect(allowed.response.headers.get('access-control-allow-origin')).toBe('https://ops.example');
  });

  it(`counts a stream as one request, plus one per ${EVENTS_PER_REQUEST} changes, and ends it when the quota is spent`, async () => {
    const key = metered.token('free');
    const stream = await open(`${metered.url}/v1/stream`, bearer(key));
    expect(stream.response.headers.get('ratelimit-remaining')).toBe('2');
    await stream.next((event) => event.event === 'ready');
    const many = Array.from({ length: 3 * EVENTS_PER_REQUEST }, (_, i) => makeRecord(`m${i}`));
    await polls.poll('feed-many', many);
    // 300 changes would be three more requests: the second spends the quota of three, the third is refused.
    const received: SseEvent[] = [];
    let end: SseEvent | undefined;
    while (!end) {
      const event = await stream.next();
      if (event.event === 'quota-exceeded') end = event;
      else received.push(event);
    }
    expect(received.length).toBeGreaterThanOrEqual(3 * EVENTS_PER_REQUEST);
    expect(JSON.parse(end.data)).toMatchObject({ status: 429, type: '/v1/problems/quota-exceeded' });
    await expect(stream.next(() => true, 2_000)).rejects.toThrow('the stream ended');
    expect((await fetch(`${metered.url}/v1/stream`, { headers: bearer(key) })).status).toBe(429);
  });
});
