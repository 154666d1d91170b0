import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { formatUptime, STARTING_UP_MS } from '../../../api/meta/status.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { FEED_CATALOGUE, type FeedDefinition } from '../../../config/index.js';
import type { FeedHealth, FeedStatus } from '../../../model/index.js';
import { testAccess, type TestAccess } from '../../support/keys.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';

const startedAt = new Date('2026-11-20T00:00:00Z');
const feeds: FeedDefinition[] = [0, 1, 2, 3].map((i) => ({
  ...FEED_CATALOGUE[0]!,
  key: `nsw-rfs-feed-${i}`,
  feed: `feed-${i}`,
}));

function health(status: FeedStatus, lastPolled: string | undefined, nextPollAt?: string): FeedHealth {
  return {
    ...(nextPollAt ? { nextPollAt } : {}),
    feedKey: 'x',
    state: 'nsw',
    agency: 'rfs',
    status,
    ...(lastPolled ? { lastPolled } : {}),
    incidentCount: 0,
    polls: 1,
    errorCount: 0,
    consecutiveFailures: 0,
    guardTrips: 0,
    unmappedValues: 0,
    droppedRecords: 0,
  };
}

interface StatusBody {
  status: string;
  uptime: string;
  version: string;
  timestamp: string;
  counts: Record<string, number>;
  feeds: { status: string }[];
}

describe('GET /v1/status (controllable clock)', () => {
  let dir: string;
  let store: ServingStore;
  let now = new Date('2026-11-20T01:00:00Z');
  let healths: (FeedHealth | undefined)[] = [];
  let app: App;
  let access: TestAccess;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-status-'));
    store = await ServingStore.open(dir);
    access = testAccess();
    app = createApp({
      cap: TEST_CAP_ISSUER,
      keys: access.store,
      quota: access.store,
      store,
      feedHealth: { read: () => Promise.resolve(healths) },
      catalogue: feeds,
      cursors: new CursorCodec('test-cursor-secret'),
      version: '1.2.3',
      startedAt,
      now: () => now,
    });
  });
  afterAll(async () => {
    access.close();
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  // /v1/status is open (load-balancer checks): no key.
  async function status(): Promise<StatusBody> {
    const response = await app.request('/v1/status');
    expect(response.status).toBe(200);
    return (await response.json()) as StatusBody;
  }

  it('counts feeds by status and reports version, uptime and time', async () => {
    healths = [
      health('healthy', '2026-11-20T00:59:00Z'),
      health('degraded', '2026-11-20T00:58:00Z'),
      health('down', '2026-11-20T00:57:00Z'),
      undefined,
    ];
    const body = await status();
    expect(body).toMatchObject({
      status: 'degraded',
      version: '1.2.3',
      uptime: '1h 0m 0s',
      timestamp: now.toISOString(),
    });
    expect(body.counts).toEqual({ total: 4, healthy: 1, degraded: 1, down: 1, stale: 0, unknown: 1 });
  });

  it('turns a feed stale when its last poll is older than two hours, whatever its stored status', async () => {
    healths = [
      health('healthy', '2026-11-20T00:59:00Z'),
      health('healthy', '2026-11-20T00:59:00Z'),
      undefined,
      undefined,
    ];
    now = new Date('2026-11-20T02:59:00Z');
    expect((await status()).counts.stale).toBe(0);
    now = new Date('2026-11-20T02:59:01Z');
    const stale = await status();
    expect(stale.counts).toMatchObject({ healthy: 0, stale: 2, unknown: 2 });
    expect(stale.feeds.map((f) => f.status)).toEqual(['stale', 'stale', 'unknown', 'unknown']);
  });

  it('turns a feed stale sooner when its poller has missed its next poll by over two minutes', async () => {
    now = new Date('2026-11-20T01:00:00Z');
    healths = [
      health('healthy', '2026-11-20T00:55:00Z', '2026-11-20T00:57:59Z'),
      health('healthy', '2026-11-20T00:55:00Z', '2026-11-20T00:58:01Z'),
      undefined,
      undefined,
    ];
    expect((await status()).feeds.map((f) => f.status)).toEqual(['stale', 'healthy', 'unknown', 'unknown']);
  });

  it('says unknown, never down, when nothing is known of any feed (health not read yet)', async () => {
    healths = [undefined, undefined, undefined, undefined];
    const body = await status();
    expect(body.status).toBe('unknown');
    expect(body.counts).toMatchObject({ unknown: 4, down: 0 });
  });

  it('is down only when every feed it knows of is down or stale', async () => {
    now = new Date('2026-11-20T01:00:00Z');
    healths = [
      health('down', '2026-11-20T00:59:00Z'),
      health('healthy', '2026-11-19T20:00:00Z'),
      undefined,
      undefined,
    ];
    expect((await status()).status).toBe('down');
    healths[1] = health('healthy', '2026-11-20T00:59:00Z');
    expect((await status()).status).toBe('degraded');
  });

  it('is healthy while starting with feeds not polled yet, degraded when they stay unheard of', async () => {
    healths = [
      health('healthy', '2026-11-20T00:01:00Z'),
      health('healthy', '2026-11-20T00:01:00Z'),
      undefined,
      undefined,
    ];
    now = new Date(startedAt.getTime() + STARTING_UP_MS - 1_000);
    const starting = await status();
    expect([starting.status, starting.counts.unknown]).toEqual(['healthy', 2]);
    now = new Date(startedAt.getTime() + STARTING_UP_MS);
    expect((await status()).status).toBe('degraded');
    healths = healths.map(() => health('healthy', now.toISOString()));
    expect((await status()).status).toBe('healthy');
  });

  it('formats uptime', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(90_061_000)).toBe('1d 1h 1m 1s');
  });
});
