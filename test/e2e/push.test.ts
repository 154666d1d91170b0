import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dataLayout, mirrorPath } from '../../config/index.js';
import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from '../../replay/generators/nsw-rfs.js';
import { ReplayServer } from '../../replay/server.js';
import { NSW_FEED, waitFor } from '../support/harness.js';
import { bearer } from '../support/keys.js';
import { STORE_KINDS } from '../support/access-stores.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { issueKey } from '../../api/access/issue.js';
import { openAccessStore } from '../../api/access/open-store.js';
import { startServiceProcess, terminatePollers, type ServiceProcess } from '../support/service-process.js';
import { SseClient } from '../support/sse.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Push through the service as `npm start` runs it (supervisor, workers and API as processes of their
 * own): an incident appearing upstream reaches an open stream and a webhook subscribed to its area.
 * With PostgreSQL, the subscription an API process makes is read by the ingest worker from the database.
 */
describe.each(STORE_KINDS)('push end to end over the whole service, keys and subscriptions in %s', (kind) => {
  let replay: ReplayServer;
  let receiver: WebhookReceiver;
  let service: ServiceProcess;
  let dataDir: string;
  let postgres: TestPostgres | undefined;
  let key: string;
  let upstream: SyntheticIncident[];
  const [quiet, fresh] = syntheticNswIncidents(2, 31).map((incident) => ({
    ...incident,
    type: 'Bush Fire',
    status: 'Out of control',
    polygons: undefined,
  })) as [SyntheticIncident, SyntheticIncident];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eids-e2e-push-'));
    replay = await ReplayServer.start();
    receiver = await WebhookReceiver.start();
    upstream = [quiet];
    replay.script(mirrorPath(NSW_FEED), [
      { kind: 'document', body: () => renderNswMajorIncidents(upstream) },
    ]);
    const keyStore: Record<string, string> = {};
    if (kind === 'postgres') {
      postgres = await startTestPostgres();
      keyStore.DATABASE_URL = await postgres.newDatabase();
    }
    const { store } = await openAccessStore({ DATA_DIR: dataDir, ACCESS_DB_FILE: undefined, ...keyStore });
    key = (await issueKey(store, { tier: 'pro' }, new Date())).token;
    await store.close();
    const suffix = randomUUID().slice(0, 8);
    service = await startServiceProcess({
      ...keyStore,
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      UPSTREAM_BASE_URL: replay.url,
      POLL_INTERVAL_SECONDS: '1',
      PORT: '0',
      FEEDS: NSW_FEED.key,
      GAUGE_SOURCES: 'none',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      INGEST_TASK_QUEUE: `e2e-push-ingest-${suffix}`,
      WAREHOUSE_TASK_QUEUE: `e2e-push-warehouse-${suffix}`,
    });
  });
  afterAll(async () => {
    await service?.stop();
    await replay?.close();
    await receiver?.close();
    await terminatePollers(inject('temporalAddress'), [NSW_FEED]);
    await postgres?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a new upstream incident to the stream and, signed, to the webhook of its area', async () => {
    const get = (path: string) => fetch(`${service.apiUrl}${path}`, { headers: bearer(key) });
    const listed = await waitFor(
      async () => {
        const response = await get('/v1/incidents');
        const body = response.ok ? ((await response.json()) as { features: { id: string }[] }) : undefined;
        return body && body.features.length > 0 ? body : undefined;
      },
      { what: 'the first incident' },
    );
    expect(listed.features.map((feature) => feature.id)).toEqual([`nsw-rfs-${quiet.id}`]);

    const subscribed = await fetch(`${service.apiUrl}/v1/subscriptions`, {
      method: 'POST',
      headers: bearer(key, { 'content-type': 'application/json' }),
      body: JSON.stringify({
        url: `${receiver.url}/fires`,
        types: ['incident.created'],
        area: { type: 'point', lat: fresh.lat, lng: fresh.lng, radiusKm: 5 },
      }),
    });
    expect(subscribed.status).toBe(201);
    const { secret } = (await subscribed.json()) as { secret: string };
    const token = (await (
      await fetch(`${service.apiUrl}/v1/stream/tokens?types=incident.created`, {
        method: 'POST',
        headers: bearer(key),
      })
    ).json()) as { stream: string };
    const stream = await SseClient.open(`${service.apiUrl}${token.stream}`);
    await stream.next((event) => event.event === 'ready');

    upstream = [quiet, fresh];
    const created = await stream.next((event) => event.event === 'incident.created', 30_000);
    expect(JSON.parse(created.data)).toMatchObject({ subject: `nsw-rfs-${fresh.id}`, version: 1 });
    const delivery = await waitFor(
      () => Promise.resolve(receiver.on('/fires').find((request) => request.answered === 204)),
      { what: 'the webhook delivery' },
    );
    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(delivery.body, headers)).toMatchObject({ id: created.id });
    // Where the subscription lived: the database every host shares, or the one host's file.
    expect(existsSync(dataLayout(dataDir).subscriptionsDbFile)).toBe(kind === 'sqlite');
    stream.close();
  });
});
