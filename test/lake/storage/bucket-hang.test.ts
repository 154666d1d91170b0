import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createIngestActivities } from '../../../activities/ingest.js';
import { sharedFilesOf } from '../../../activities/shared-files.js';
import { createWarehouseActivities } from '../../../activities/warehouse-activities.js';
import { parseSettings } from '../../../config/index.js';
import { BLIP_MS, sayBucketOutages } from '../../../lake/storage/bucket-reachability.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../../replay/generators/nsw-rfs.js';
import { Unreachable } from '../../../telemetry/reachability.js';
import { Warehouse } from '../../../warehouse/warehouse.js';
import { startTestBucket, TEST_CREDENTIALS, type TestBucket } from '../../support/versitygw.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const FEED = 'nsw-rfs-major-incidents';

/**
 * A real S3 gateway frozen with SIGSTOP (it accepts connections and answers nothing: a hung store):
 * every call is abandoned at its time limit, the process says so in one line and says in one line
 * when it is back, calls in between fail at once, and a commit that needs the bucket waits and
 * resumes when it is back: committed once, nothing lost.
 */
describe('a bucket that hangs', () => {
  let bucket: TestBucket;
  let upstream: Server;
  let dir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    bucket = await startTestBucket();
    sayBucketOutages((line, level) => lines.push(`${level} ${line}`), 'commits wait and resume');
    vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_CREDENTIALS.secretAccessKey);
    const body = renderNswMajorIncidents(syntheticNswIncidents(4, 3));
    upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    dir = await mkdtemp(join(tmpdir(), 'eids-bucket-hang-'));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await new Promise((resolve) => upstream.close(resolve));
    await bucket.close();
    await rm(dir, { recursive: true, force: true });
  });

  const settings = (name: string) =>
    parseSettings({
      DATA_DIR: join(dir, name),
      INGEST_STORE_URL: `s3://${bucket.bucket}/work`,
      S3_ENDPOINT: bucket.endpoint,
      S3_TIMEOUT_MS: '2000',
      UPSTREAM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
    });

  it('abandons a call at its limit, says so once it has been away a while, fails at once meanwhile, and says once that it is back', async () => {
    // The test bucket's storage has a 3 s limit.
    const storage = bucket.storage('probe');
    bucket.freeze();
    // Thawed whatever this test finds, so the next one starts with a bucket that answers.
    onTestFinished(() => bucket.thaw());
    const started = performance.now();
    await expect(storage.read('manifest.json')).rejects.toThrow(Unreachable);
    const took = performance.now() - started;
    expect(took).toBeGreaterThan(2_500);
    expect(took).toBeLessThan(8_000);
    const fast = performance.now();
    for (let i = 0; i < 20; i++) await expect(storage.list('')).rejects.toThrow(Unreachable);
    expect(performance.now() - fast).toBeLessThan(500);
    // A blip is said nowhere; a bucket away for BLIP_MS is said once, when that much time has passed
    // (a timer: on a loaded machine it may fire a little late, so the line is waited for).
    expect(lines).toEqual([]);
    const beforeBlip = BLIP_MS - (performance.now() - started) - 300;
    if (beforeBlip > 0) {
      await delay(beforeBlip);
      expect(lines).toEqual([]);
    }
    while (lines.length === 0 && performance.now() - started < BLIP_MS + 5_000) await delay(50);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^warn the bucket s3:\/\/eids-lake at http:\/\/127\.0\.0\.1:\d+ does not answer \(no answer within 3000 ms\): commits wait and resume$/,
    );
    bucket.thaw();
    await delay(1_100);
    expect(await storage.read('manifest.json')).toBeUndefined();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^info the bucket s3:\/\/eids-lake at .* answers again after \d+ s$/);
    lines.length = 0;
  });

  it('a commit whose staged poll is in a frozen bucket waits and resumes when it answers: committed once', async () => {
    const ingest = createIngestActivities({ settings: settings('ingest') });
    const fetched = await ingest.fetchFeed({ feedKey: FEED });
    if (fetched.kind !== 'fetched') throw new Error('expected a body');
    const parsed = await ingest.parseFeed({ feedKey: FEED, raw: fetched.raw, fetchedAt: fetched.fetchedAt });
    const warehouseSettings = settings('warehouse');
    const warehouse = await Warehouse.open(join(dir, 'warehouse', 'warehouse.duckdb'));
    try {
      const activities = createWarehouseActivities({
        dataDir: warehouseSettings.DATA_DIR,
        lakeDir: join(dir, 'warehouse', 'lake'),
        warehouse,
        publisher: { request: () => undefined, afterPublished: (action) => void action() },
        shared: sharedFilesOf(warehouseSettings),
      });
      const input = {
        feedKey: FEED,
        pollId: 'poll-1',
        stagedPath: parsed.stagedPath,
        rawSha256: fetched.raw.sha256,
        polledAt: fetched.fetchedAt,
        believeDrop: null,
      };
      // As Temporal runs it: an attempt of five minutes, heartbeating while it waits.
      const environment = new MockActivityEnvironment({
        startToCloseTimeoutMs: 300_000,
        currentAttemptScheduledTimestampMs: Date.now(),
      });
      let heartbeats = 0;
      environment.on('heartbeat', () => heartbeats++);
      bucket.freeze();
      const commit = environment.run(
        (commitInput: typeof input) => activities.commitFeed(commitInput),
        input,
      );
      await delay(8_000);
      bucket.thaw();
      const outcome = await commit;
      expect(outcome).toMatchObject({ inserted: parsed.incidents + parsed.areas, active: parsed.incidents });
      expect(heartbeats).toBeGreaterThan(2);
      const rows = await warehouse.currentRows(FEED);
      expect(rows).toHaveLength(parsed.incidents + parsed.areas);
      // Run again (Temporal retrying an attempt whose answer was lost): nothing is committed twice.
      expect(
        await environment.run((commitInput: typeof input) => activities.commitFeed(commitInput), input),
      ).toEqual(outcome);
      expect(await warehouse.currentRows(FEED)).toEqual(rows);
    } finally {
      warehouse.close();
    }
    expect(lines.map((line) => line.split(' (')[0])).toEqual([
      expect.stringMatching(/^warn the bucket s3:\/\/eids-lake at .* does not answer$/),
      expect.stringMatching(/^info the bucket s3:\/\/eids-lake at .* answers again after/),
    ]);
  }, 60_000);
});
