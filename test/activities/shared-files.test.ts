import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIngestActivities } from '../../activities/ingest.js';
import { sharedFilesOf } from '../../activities/shared-files.js';
import { createWarehouseActivities } from '../../activities/warehouse-activities.js';
import { parseSettings } from '../../config/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { startTestBucket, TEST_CREDENTIALS, type TestBucket } from '../support/versitygw.js';

const FEED = 'nsw-rfs-major-incidents';

/**
 * Two ingest workers and the warehouse, each with a data folder of its own, sharing raw bodies and
 * staged polls through a bucket (INGEST_STORE_URL): one worker fetches, the other parses, the
 * warehouse commits. Upstream is a loopback server; the bucket is a real S3 gateway; credentials
 * reach the SDK through its standard chain (the environment), as in production.
 */
describe('raw bodies and staged polls shared through a bucket', () => {
  let bucket: TestBucket;
  let upstream: Server;
  let dir: string;
  beforeAll(async () => {
    bucket = await startTestBucket();
    vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_CREDENTIALS.secretAccessKey);
    const body = renderNswMajorIncidents(syntheticNswIncidents(5, 7));
    upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    dir = await mkdtemp(join(tmpdir(), 'eids-shared-'));
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
      UPSTREAM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
    });

  it('lets one worker parse what another fetched, and the warehouse commit what either staged', async () => {
    const fetcher = createIngestActivities({ settings: settings('ingest-1') });
    const parser = createIngestActivities({ settings: settings('ingest-2') });
    const fetched = await fetcher.fetchFeed({ feedKey: FEED });
    if (fetched.kind !== 'fetched') throw new Error('expected a body');
    const parsed = await parser.parseFeed({ feedKey: FEED, raw: fetched.raw, fetchedAt: fetched.fetchedAt });
    expect(parsed.incidents).toBe(5);

    const warehouseSettings = settings('warehouse');
    const warehouse = await Warehouse.open(join(dir, 'warehouse', 'warehouse.duckdb'));
    // Staged polls leave once the bucket shows their commit: here, as if published at once.
    const discards: Promise<void>[] = [];
    try {
      const activities = createWarehouseActivities({
        dataDir: warehouseSettings.DATA_DIR,
        lakeDir: join(dir, 'warehouse', 'lake'),
        warehouse,
        publisher: { request: () => undefined, afterPublished: (action) => void discards.push(action()) },
        shared: sharedFilesOf(warehouseSettings),
      });
      const outcome = await activities.commitFeed({
        feedKey: FEED,
        pollId: 'poll-1',
        stagedPath: parsed.stagedPath,
        rawSha256: fetched.raw.sha256,
        polledAt: fetched.fetchedAt,
        believeDrop: null,
      });
      expect(outcome).toMatchObject({ inserted: parsed.incidents + parsed.areas, active: parsed.incidents });
      await Promise.all(discards);
    } finally {
      warehouse.close();
    }
    // The staged poll is consumed everywhere; the raw body stays for re-parse backfills.
    const storage = bucket.storage('work');
    expect(await storage.list('staged/')).toEqual([]);
    expect((await storage.list('raw/')).map((object) => object.key)).toEqual([fetched.raw.path]);
    await expect(stat(join(dir, 'warehouse', parsed.stagedPath))).rejects.toThrow(/ENOENT/);
  });
});
