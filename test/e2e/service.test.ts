import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { readCapAlerts, type CapAlert } from '../../sources/common/cap.js';
import { dataLayout, mirrorPath } from '../../config/index.js';
import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from '../../replay/generators/nsw-rfs.js';
import { ReplayServer } from '../../replay/server.js';
import { NSW_FEED, waitFor } from '../support/harness.js';
import { bearer, testAccess } from '../support/keys.js';
import { startServiceProcess, terminatePollers, type ServiceProcess } from '../support/service-process.js';

interface Feature {
  id: string;
  properties: { status: string; retraction: { retracted: boolean; reason?: string } };
}

/**
 * The service as `npm start` runs it (a supervisor, the workers and the API as processes of their own,
 * the API on a real loopback port) against the replay server: one incident appears, changes, and is
 * retracted, seen only through HTTP.
 */
describe('end to end over loopback HTTP', () => {
  let replay: ReplayServer;
  let service: ServiceProcess;
  let dataDir: string;
  let upstream: SyntheticIncident[];
  let headers: Record<string, string>;
  /** The API as a customer calls it: with a key issued into the service's own store beforehand. */
  const get = (path: string) => fetch(`${service.apiUrl}${path}`, { headers });
  const [watched, other] = syntheticNswIncidents(2, 77).map((incident) => ({
    ...incident,
    type: 'Bush Fire',
    status: 'Out of control',
    polygons: undefined,
  })) as [SyntheticIncident, SyntheticIncident];
  const watchedId = `nsw-rfs-${watched.id}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-e2e-'));
    replay = await ReplayServer.start();
    upstream = [other];
    replay.script(mirrorPath(NSW_FEED), [
      { kind: 'document', body: () => renderNswMajorIncidents(upstream) },
    ]);
    const suffix = randomUUID().slice(0, 8);
    const access = testAccess(dataLayout(dataDir).accessDbFile);
    headers = bearer((await access.issue('starter')).token);
    access.close();
    service = await startServiceProcess({
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      UPSTREAM_BASE_URL: replay.url,
      // The tests poll faster and longer than a client should: the starter plan's windows, raised.
      RATE_LIMITS: 'starter=100/100000',
      POLL_INTERVAL_SECONDS: '1',
      MONTHLY_QUOTAS: 'starter=123456',
      PORT: '0',
      FEEDS: NSW_FEED.key,
      INGEST_TASK_QUEUE: `e2e-ingest-${suffix}`,
      WAREHOUSE_TASK_QUEUE: `e2e-warehouse-${suffix}`,
    });
  });

  afterAll(async () => {
    await service?.stop();
    await replay?.close();
    // The pollers belong to this test's task queues: end them so they do not poll a closed replay server.
    await terminatePollers(inject('temporalAddress'), [NSW_FEED]);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function watchedFeature(): Promise<Feature | undefined> {
    const response = await get('/v1/incidents?include_retracted=true');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/geo\+json/);
    const body = (await response.json()) as { features: Feature[] };
    return body.features.find((feature) => feature.id === watchedId);
  }

  /** The CAP message the API serves for the watched incident, and the static feed's entry for it. */
  async function watchedCap(): Promise<{ served: CapAlert; exported: CapAlert | undefined }> {
    const response = await get(`/v1/incidents/${watchedId}?format=cap-au`);
    expect(response.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
    const [served] = readCapAlerts(await response.text(), 'api');
    const feed = await get('/v1/exports/cap/incidents.atom');
    const exported = readCapAlerts(await feed.text(), 'export').find((alert) =>
      alert.incidents.includes(watchedId),
    );
    return { served: served!, exported };
  }

  it('shows an incident appear, change status, and be retracted', async () => {
    await waitFor(async () => ((await get('/v1/incidents')).ok ? true : undefined), {
      what: 'the API',
    });

    upstream = [other, watched];
    const appeared = await waitFor(watchedFeature, { what: 'the incident to appear' });
    expect(appeared.properties.status).toBe('active');
    const alert = await watchedCap();
    expect([alert.served.msgType, alert.served.identifier]).toEqual(['Alert', `${watchedId}-v1`]);

    upstream = [other, { ...watched, status: 'Under control', updated: new Date() }];
    await waitFor(
      async () => ((await watchedFeature())?.properties.status === 'controlled' ? true : undefined),
      {
        what: 'the status change',
      },
    );

    upstream = [other];
    const retracted = await waitFor(
      async () => {
        const feature = await watchedFeature();
        return feature?.properties.retraction.retracted ? feature : undefined;
      },
      { what: 'the retraction' },
    );
    expect(retracted.properties.retraction.reason).toBe('No longer published by the upstream feed');
    // The API and the static CAP feed (written after the same commit) both say Cancel, naming the chain.
    const cancel = await waitFor(
      async () => {
        const cap = await watchedCap();
        return cap.exported?.msgType === 'Cancel' ? cap : undefined;
      },
      { what: 'the Cancel in the static CAP feed' },
    );
    expect(cancel.served.msgType).toBe('Cancel');
    expect(cancel.served.identifier).toBe(`${watchedId}-v3`);
    expect(cancel.served.references.map((reference) => reference.identifier)).toEqual([
      `${watchedId}-v1`,
      `${watchedId}-v2`,
    ]);
    expect(cancel.exported?.identifier).toBe(cancel.served.identifier);

    const visible = (await (await get('/v1/incidents')).json()) as { features: Feature[] };
    expect(visible.features.map((f) => f.id)).toEqual([`nsw-rfs-${other.id}`]);

    const states = (await (await get('/v1/states')).json()) as {
      states: { status: string }[];
    };
    expect(states.states[0]?.status).toBe('healthy');
  });

  it('meters keyed requests against the configured quota', async () => {
    const response = await get('/v1/states');
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-limit')).toBe('123456');
    expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThan(123456);
  });

  it('refuses a request without a key, and logs requests by key id, never the key', async () => {
    const refused = await fetch(`${service.apiUrl}/v1/incidents`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="eids"');
    const token = headers.authorization!.slice('Bearer '.length);
    const keyId = token.split('_')[1]!;
    const lines = service.lines;
    await service.waitForLine(/GET \/v1\/incidents 401/);
    expect(
      lines.some((line) => line.includes('GET /v1/incidents 200') && line.includes(`key=${keyId}`)),
    ).toBe(true);
    expect(lines.some((line) => line.includes('GET /v1/incidents 401') && line.includes('key=-'))).toBe(true);
    expect(lines.join('\n')).not.toContain(token.slice(-43));
  });
});
