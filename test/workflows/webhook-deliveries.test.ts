import { Client, Connection } from '@temporalio/client';
import { recordHistories } from '../support/record-history.js';
import { NativeConnection, Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createWebhookActivities } from '../../channels/webhook/deliver.js';
import { createSubscriptionBookkeeping } from '../../channels/bookkeeping.js';
import { parseSettings } from '../../config/index.js';
import { WebhookDispatcher } from '../../api/subscriptions/dispatcher.js';
import { endDeliveries, temporalHandOn } from '../../api/subscriptions/temporal-hand-on.js';
import { webhookDeliveriesWorkflowId, type Incident } from '../../model/index.js';
import { newWebhookSecret } from '../../subscriptions/secret.js';
import { SqliteSubscriptionStore } from '../../subscriptions/sqlite-store.js';
import type { DeliveryRecord } from '../../subscriptions/types.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { waitFor } from '../support/harness.js';
import { makeRecord } from '../support/incidents.js';
import { bearer } from '../support/keys.js';
import { FeedPolls, startReplica, type Replica } from '../support/stream-replicas.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ATTEMPT_TIMEOUT_MS = 1_000;
/** Five attempts: the first, then after each wait; when the fifth fails the subscription is disabled. */
const RETRY = { delaysMs: [200, 400, 400, 400] };
/** The settings the hand-on reads its retry waits from (WEBHOOK_RETRY_SECONDS). */
const SETTINGS = parseSettings({ WEBHOOK_RETRY_SECONDS: RETRY.delaysMs.map((ms) => ms / 1000).join(',') });

const at = (longitude: number, latitude: number): Partial<Incident> => ({
  geometry: { type: 'Point', coordinates: [longitude, latitude] },
  location: { address: '', suburb: '', state: 'nsw', lga: '', latitude, longitude, precision: 'exact' },
});

interface Document {
  id: string;
  type: string;
  subject: string;
  version?: number;
}

describe('webhooks: geofenced subscriptions delivered by Temporal workflows', () => {
  let dir: string;
  let warehouse: Warehouse;
  let polls: FeedPolls;
  let store: SqliteSubscriptionStore;
  let receiver: WebhookReceiver;
  let client: Client;
  let worker: Worker;
  let running: Promise<void>;
  let taskQueue: string;
  const replicas: Replica[] = [];
  const dispatchers: WebhookDispatcher[] = [];

  /** Subscribes through the API of the first replica, as a customer would. */
  async function subscribe(path: string, area: unknown, types: string[] = []) {
    const replica = replicas[0]!;
    const response = await fetch(`${replica.url}/v1/subscriptions`, {
      method: 'POST',
      headers: bearer(replica.token(), { 'content-type': 'application/json' }),
      body: JSON.stringify({ url: `${receiver.url}${path}`, types, area }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as { id: string; secret: string };
    // Every dispatcher rebuilds its index on its next look at the store.
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.refresh()));
    return created;
  }
  const deliveries = async (id: string): Promise<DeliveryRecord[]> => store.deliveries(id, 100);
  /**
   * The delivery log once `count` deliveries are settled: the workflow records an answer a moment
   * after the receiver sent it, so the log is read until it shows them.
   */
  const settledDeliveries = (id: string, count: number) =>
    waitFor(
      async () => {
        const log = await deliveries(id);
        return log.filter((entry) => entry.status !== 'pending').length >= count ? log : undefined;
      },
      { timeoutMs: 30_000, what: `${count} settled deliveries of ${id}` },
    );
  /** The documents delivered to `path` once there are `count`. */
  const documentsWhen = (path: string, count: number) =>
    waitFor(
      () => {
        const documents = documentsOn(path);
        return Promise.resolve(documents.length >= count ? documents : undefined);
      },
      { timeoutMs: 30_000, what: `${count} deliveries to ${path}` },
    );
  const documentsOn = (path: string) =>
    receiver
      .on(path)
      .filter((request) => request.answered === 204)
      .map((request) => JSON.parse(request.body) as Document);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-webhooks-'));
    const lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    polls = new FeedPolls(warehouse, lakeDir);
    await polls.poll('feed-nsw', [makeRecord('0', at(140, -30))]);
    store = SqliteSubscriptionStore.open(join(dir, 'subscriptions.sqlite'));
    receiver = await WebhookReceiver.start();
    taskQueue = `test-webhooks-${randomUUID().slice(0, 8)}`;
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
    worker = await Worker.create({
      connection: await NativeConnection.connect({ address: inject('temporalAddress') }),
      taskQueue,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      activities: {
        ...createWebhookActivities({ store, policy: { allowLoopback: true }, timeoutMs: ATTEMPT_TIMEOUT_MS }),
        ...createSubscriptionBookkeeping(store),
      },
    });
    running = worker.run();
    // Two API replicas over one lake and one subscription store: both match and hand every change on.
    for (let i = 0; i < 2; i++) {
      const replica = await startReplica(lakeDir, {
        subscriptions: { store, policy: { allowLoopback: true }, deleted: endDeliveries(client, SETTINGS) },
      });
      replicas.push(replica);
      dispatchers.push(
        await WebhookDispatcher.start({
          store,
          hub: replica.hub,
          handOn: temporalHandOn(client, { taskQueue, settings: SETTINGS }),
          refreshMs: 100,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const dispatcher of dispatchers) dispatcher.close();
    for (const replica of replicas) await replica.close();
    worker.shutdown();
    await running;
    await receiver.close();
    store.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers each change in the area once, in order, signed so that a receiver verifies it with the library', async () => {
    const { id, secret } = await subscribe('/near', { type: 'point', lat: -33.7, lng: 150.5, radiusKm: 20 }, [
      'incident.created',
      'incident.updated',
    ]);
    await polls.poll('feed-nsw', [makeRecord('1', at(150.5, -33.7)), makeRecord('2', at(145, -37))]);
    await polls.poll('feed-nsw', [makeRecord('1', { ...at(150.52, -33.72), title: 'moved a little' })]);
    await polls.poll('feed-nsw', [], ['nsw-rfs-1']);

    const received = await documentsWhen('/near', 2);
    // Nothing more comes: the retraction is not a type it asked for, the second fire is far away.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(documentsOn('/near').map((d) => `${d.type} ${d.subject} ${d.version}`)).toEqual([
      'incident.created nsw-rfs-1 1',
      'incident.updated nsw-rfs-1 2',
    ]);
    const requests = receiver.on('/near');
    // Both replicas handed each change on; each was delivered once.
    expect(requests).toHaveLength(2);
    const verifier = new Webhook(secret);
    for (const request of requests) {
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      expect(verifier.verify(request.body, headers)).toMatchObject({ id: headers['webhook-id'] });
      expect(() => new Webhook(newWebhookSecret()).verify(request.body, headers)).toThrow();
      expect(() => verifier.verify(request.body.replace('nsw-rfs-1', 'nsw-rfs-9'), headers)).toThrow();
    }
    expect(received[0]!.id).toBe(requests[0]!.headers['webhook-id']);
    const log = await settledDeliveries(id, 2);
    expect(log.map((entry) => [entry.status, entry.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    await recordHistories(client, webhookDeliveriesWorkflowId(id), 'delivers in order, signed');
  });

  it("retries after a receiver's 500s and a time-out, and keeps each incident's changes in order", async () => {
    const { id } = await subscribe('/flaky', { type: 'point', lat: -31, lng: 152, radiusKm: 10 });
    receiver.script('/flaky', [500, 503, 'hang']);
    await polls.poll('feed-nsw', [makeRecord('3', at(152, -31))]);
    await polls.poll('feed-nsw', [makeRecord('3', { ...at(152, -31), title: 'second report' })]);
    const delivered = await documentsWhen('/flaky', 2);
    expect(delivered.map((d) => d.version)).toEqual([1, 2]);
    const attempts = receiver
      .on('/flaky')
      .map((request) => [request.answered, (JSON.parse(request.body) as Document).version]);
    // Version 1 failed three times (500, 503, no answer within the attempt's time-out) and was delivered
    // on the fourth attempt; version 2 waited behind it.
    expect(attempts).toEqual([
      [500, 1],
      [503, 1],
      ['hang', 1],
      [204, 1],
      [204, 2],
    ]);
    const log = await settledDeliveries(id, 2);
    expect(log.map((entry) => [entry.subject, entry.status, entry.attempts])).toEqual([
      ['nsw-rfs-3', 'delivered', 1],
      ['nsw-rfs-3', 'delivered', 4],
    ]);
    expect(log[1]!.lastError).toBeNull();
    await recordHistories(client, webhookDeliveriesWorkflowId(id), 'retries after 500s and a time-out');
  });

  it('disables a subscription after repeated failures, and says why', async () => {
    const { id } = await subscribe('/broken', { type: 'state', state: 'tas' });
    receiver.script('/broken', [], 500);
    await polls.poll('feed-tas', [
      makeRecord('4', { id: 'tas-tfs-4', source: { state: 'tas', agency: 'tfs', feedId: '4' } }),
    ]);
    const disabled = await waitFor(
      async () => {
        const subscription = await store.get(id);
        return subscription?.status === 'disabled' ? subscription : undefined;
      },
      { timeoutMs: 30_000, what: 'the subscription disabled' },
    );
    expect(receiver.on('/broken')).toHaveLength(5);
    expect(disabled.disabledReason).toMatch(/^5 attempts to deliver \S+ failed; the last: HTTP 500$/);
    // The owner sees it through the API.
    const replica = replicas[0]!;
    const shown = (await (
      await fetch(`${replica.url}/v1/subscriptions/${id}`, { headers: bearer(replica.token()) })
    ).json()) as { status: string; disabledReason: string };
    expect(shown).toMatchObject({ status: 'disabled', disabledReason: disabled.disabledReason });
    const log = (await (
      await fetch(`${replica.url}/v1/subscriptions/${id}/deliveries`, { headers: bearer(replica.token()) })
    ).json()) as { deliveries: DeliveryRecord[] };
    expect(log.deliveries).toMatchObject([
      { status: 'failed', attempts: 5, lastStatus: 500, lastError: 'HTTP 500' },
    ]);
    // A disabled subscription is matched no more.
    await polls.poll('feed-tas', [
      makeRecord('5', { id: 'tas-tfs-5', source: { state: 'tas', agency: 'tfs', feedId: '5' } }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.on('/broken')).toHaveLength(5);
    await recordHistories(client, webhookDeliveriesWorkflowId(id), 'disables after repeated failures');
  });

  it('follows no redirect, and reaches no address the policy refuses even if the store holds one', async () => {
    const { id } = await subscribe('/moved', { type: 'state', state: 'wa' });
    receiver.script('/moved', [], { redirect: '/elsewhere' });
    // Written past the API's checks, as a subscription made before a policy changed would be.
    const inside = {
      ...(await store.get(id))!,
      id: randomUUID(),
      url: 'https://10.0.0.1:8443/hook',
      secret: newWebhookSecret(),
    };
    await store.create(inside);
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.refresh()));
    await polls.poll('feed-wa', [
      makeRecord('6', { id: 'wa-dfes-6', source: { state: 'wa', agency: 'dfes', feedId: '6' } }),
    ]);
    for (const subscription of [id, inside.id]) {
      await waitFor(async () => ((await store.get(subscription))?.status === 'disabled' ? true : undefined), {
        timeoutMs: 30_000,
        what: `subscription ${subscription} disabled`,
      });
    }
    expect(receiver.on('/moved')).toHaveLength(5);
    expect(receiver.on('/elsewhere')).toHaveLength(0);
    expect((await store.get(id))?.disabledReason).toContain('HTTP 302: redirects are not followed');
    expect((await store.get(inside.id))?.disabledReason).toContain('refused: 10.0.0.1 is a private');
  });

  it('delivers a change published while no dispatcher ran, from where the last one stopped', async () => {
    const { id } = await subscribe('/later', { type: 'state', state: 'act' });
    const stopped = dispatchers.splice(0);
    for (const dispatcher of stopped) {
      await dispatcher.settled();
      dispatcher.close();
    }
    await polls.poll('feed-act', [
      makeRecord('7', { id: 'act-esa-7', source: { state: 'act', agency: 'esa', feedId: '7' } }),
    ]);
    for (const replica of replicas) await replica.caughtUp();
    expect(receiver.on('/later')).toHaveLength(0);
    dispatchers.push(
      await WebhookDispatcher.start({
        store,
        hub: replicas[0]!.hub,
        handOn: temporalHandOn(client, { taskQueue, settings: SETTINGS }),
      }),
    );
    const [delivered] = await documentsWhen('/later', 1);
    expect(delivered).toMatchObject({ type: 'incident.created', subject: 'act-esa-7' });
    expect((await deliveries(id)).map((entry) => entry.status)).toEqual(['delivered']);
  });

  it('ends the delivery workflow of a deleted subscription', async () => {
    const { id } = await subscribe('/gone', { type: 'state', state: 'nt' });
    await polls.poll('feed-nt', [
      makeRecord('8', { id: 'nt-pfes-8', source: { state: 'nt', agency: 'pfes', feedId: '8' } }),
    ]);
    await documentsWhen('/gone', 1);
    const replica = replicas[0]!;
    const deleted = await fetch(`${replica.url}/v1/subscriptions/${id}`, {
      method: 'DELETE',
      headers: bearer(replica.token()),
    });
    expect(deleted.status).toBe(204);
    const workflow = await client.workflow.getHandle(webhookDeliveriesWorkflowId(id)).describe();
    expect(workflow.status.name).toBe('TERMINATED');
    expect(await store.get(id)).toBeUndefined();
  });
});
