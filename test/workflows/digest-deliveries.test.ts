import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebhookDispatcher } from '../../api/subscriptions/dispatcher.js';
import { endDeliveries, temporalHandOn } from '../../api/subscriptions/temporal-hand-on.js';
import { channelActivities } from '../../channels/index.js';
import { parseSettings, type Settings } from '../../config/index.js';
import { digestDeliveriesWorkflowId, type Incident } from '../../model/index.js';
import { SqliteSubscriptionStore } from '../../subscriptions/sqlite-store.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { waitFor } from '../support/harness.js';
import { makeRecord } from '../support/incidents.js';
import { bearer } from '../support/keys.js';
import { recordHistories } from '../support/record-history.js';
import { SmtpServer, type ReceivedMail } from '../support/smtp-server.js';
import { FeedPolls, startReplica, type Replica } from '../support/stream-replicas.js';

/** Digests two seconds apart at most, and a message retried twice before the subscription stops. */
const DIGEST_SECONDS = 2;

const at = (longitude: number, latitude: number): Partial<Incident> => ({
  geometry: { type: 'Point', coordinates: [longitude, latitude] },
  location: { address: '', suburb: '', state: 'nsw', lga: '', latitude, longitude, precision: 'exact' },
});

/** The change lines of a digest ("- incident.created: …"). */
const changeLines = (mail: ReceivedMail) => mail.text.split('\n').filter((line) => line.startsWith('- '));

describe('e-mail digests: subscriptions delivered over SMTP by Temporal workflows', () => {
  let dir: string;
  let warehouse: Warehouse;
  let polls: FeedPolls;
  let store: SqliteSubscriptionStore;
  let smtp: SmtpServer;
  let settings: Settings;
  let client: Client;
  let worker: Worker;
  let running: Promise<void>;
  const replicas: Replica[] = [];
  const dispatchers: WebhookDispatcher[] = [];
  /** When each message reached the server. */
  const arrivals = new Map<ReceivedMail, number>();

  async function subscribe(email: string, area: unknown) {
    const replica = replicas[0]!;
    const response = await fetch(`${replica.url}/v1/subscriptions`, {
      method: 'POST',
      headers: bearer(replica.token(), { 'content-type': 'application/json' }),
      body: JSON.stringify({ email, area }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as { id: string; channel: string; url: string };
    expect(created).toMatchObject({ channel: 'email', url: `mailto:${email}` });
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.refresh()));
    return created;
  }
  const mailsWhen = (address: string, lines: number) =>
    waitFor(
      () => {
        const mails = smtp.to(address);
        return Promise.resolve(mails.flatMap(changeLines).length >= lines ? mails : undefined);
      },
      { timeoutMs: 30_000, what: `${lines} changes mailed to ${address}` },
    );

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-digests-'));
    const lakeDir = join(dir, 'lake');
    warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
    polls = new FeedPolls(warehouse, lakeDir);
    await polls.poll('feed-nsw', [makeRecord('0', at(140, -30))]);
    store = SqliteSubscriptionStore.open(join(dir, 'subscriptions.sqlite'));
    smtp = await SmtpServer.start();
    const timer = setInterval(() => {
      for (const mail of smtp.received) if (!arrivals.has(mail)) arrivals.set(mail, Date.now());
    }, 20);
    timer.unref();
    settings = parseSettings({
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'alerts@eids.example.org',
      EMAIL_DIGEST_SECONDS: String(DIGEST_SECONDS),
      EMAIL_RETRY_SECONDS: '0.2,0.2',
      PUBLIC_BASE_URL: 'https://eids.example.org',
    });
    const taskQueue = `test-digests-${randomUUID().slice(0, 8)}`;
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
    worker = await Worker.create({
      connection: await NativeConnection.connect({ address: inject('temporalAddress') }),
      taskQueue,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      activities: channelActivities({ store, settings }),
    });
    running = worker.run();
    // Two API replicas hand every change on; the workflow takes each once.
    for (let i = 0; i < 2; i++) {
      const replica = await startReplica(lakeDir, {
        subscriptions: {
          store,
          policy: { allowLoopback: false },
          smtp: true,
          deleted: endDeliveries(client, settings),
        },
      });
      replicas.push(replica);
      const handOn = temporalHandOn(client, { taskQueue, settings });
      dispatchers.push(await WebhookDispatcher.start({ store, hub: replica.hub, handOn, refreshMs: 100 }));
    }
  });
  afterAll(async () => {
    for (const dispatcher of dispatchers) dispatcher.close();
    for (const replica of replicas) await replica.close();
    worker?.shutdown();
    await running;
    await smtp?.stop();
    store?.close();
    warehouse?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gathers the changes of each interval into one message, each change once, messages at least the interval apart', async () => {
    const { id } = await subscribe('ops@example.org', {
      type: 'point',
      lat: -33.7,
      lng: 150.5,
      radiusKm: 20,
    });
    await polls.poll('feed-nsw', [makeRecord('1', at(150.5, -33.7))]);
    await polls.poll('feed-nsw', [makeRecord('2', at(150.51, -33.71)), makeRecord('3', at(145, -37))]);
    await polls.poll('feed-nsw', [makeRecord('1', { ...at(150.52, -33.72), title: 'moved a little' })]);
    await polls.poll('feed-nsw', [], ['nsw-rfs-2']);

    const mails = await mailsWhen('ops@example.org', 4);
    await new Promise((resolve) => setTimeout(resolve, DIGEST_SECONDS * 1000 + 500));
    expect(smtp.to('ops@example.org')).toHaveLength(mails.length);
    const lines = mails.flatMap(changeLines);
    // Four changes in the area (the far fire is not), each in one message only, oldest first.
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      '- incident.created',
      '- incident.created',
      '- incident.updated',
      '- incident.retracted',
    ]);
    expect(mails.length).toBeLessThan(4);
    const times = mails.map((mail) => arrivals.get(mail)!);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(DIGEST_SECONDS * 1000 - 100);
    for (const mail of mails) {
      expect(mail.contentType).toBe('text/plain');
      expect(mail.text).toContain('See them on the live map: https://eids.example.org/map');
    }
    const log = await waitFor(
      async () => {
        const rows = await store.deliveries(id, 10);
        return rows.length === 4 && rows.every((row) => row.status === 'delivered') ? rows : undefined;
      },
      { timeoutMs: 10_000, what: 'four delivered changes in the log' },
    );
    expect(log.map((row) => row.attempts)).toEqual([1, 1, 1, 1]);
    await recordHistories(client, digestDeliveriesWorkflowId(id), 'gathers changes into digests');
  });

  it('retries a message the server refuses, then disables the subscription with the server’s answer', async () => {
    const { id } = await subscribe('refuse-me@example.org', {
      type: 'point',
      lat: -31,
      lng: 152,
      radiusKm: 10,
    });
    await polls.poll('feed-nsw', [makeRecord('4', at(152, -31))]);
    const disabled = await waitFor(
      async () => {
        const subscription = await store.get(id);
        return subscription?.status === 'disabled' ? subscription : undefined;
      },
      { timeoutMs: 30_000, what: 'the refused subscription disabled' },
    );
    expect(disabled.disabledReason).toBe(
      `3 attempts to send a digest of 1 changes failed; the last: the mail server 127.0.0.1:${smtp.port} refused it: 550 5.1.1 <refuse-me@example.org>: no such mailbox here`,
    );
    const [row] = await store.deliveries(id, 10);
    expect(row).toMatchObject({ attempts: 3, lastStatus: 550 });
    expect(smtp.to('refuse-me@example.org')).toEqual([]);
  });
});
