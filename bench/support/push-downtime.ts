import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channelActivities } from '../../channels/index.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../channels/webhook/settings.js';
import { ChangeHub } from '../../api/stream/hub.js';
import { WebhookDispatcher } from '../../api/subscriptions/dispatcher.js';
import { temporalHandOn } from '../../api/subscriptions/temporal-hand-on.js';
import { loadSettings, parseSettings } from '../../config/index.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { createServiceLog } from '../../runtime/log.js';
import { PROJECT_ROOT } from '../../runtime/paths.js';
import { findFreePort } from '../../runtime/ports.js';
import { requireTemporalCli } from '../../runtime/temporal-cli.js';
import { startTemporalDevServer } from '../../runtime/temporal-dev-server.js';
import { installTemporalRuntime } from '../../runtime/temporal-log.js';
import { WORKFLOWS_PATH } from '../../runtime/workers.js';
import { newWebhookSecret } from '../../subscriptions/secret.js';
import { SqliteSubscriptionStore } from '../../subscriptions/sqlite-store.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { PushReceiver } from './push-receiver.js';
import { nswRecords } from './push-records.js';

export interface DowntimeFigures {
  downMinutes: number;
  changes: number;
  /** Deliveries due: each change's incident and, when it has one, its warning area. */
  due: number;
  accepted: number;
  /** Every delivery in the order its changes were published (so in order per incident too). */
  inOrder: boolean;
  /** Deliveries that came again with a webhook-id already accepted (answered, not accepted again). */
  repeats: number;
  attemptsWhileDown: number;
  /** From the receiver coming back to the last delivery. */
  drainedAfterMs: number;
}

/**
 * (d) A receiver down for `downMinutes` (503 to everything) while `changes` changes of five incidents
 * are published, then back: with the default retry waits, every delivery must arrive, in order, each
 * webhook-id accepted once. A Temporal dev server of its own, the delivery worker, the hub and the
 * dispatcher in this process.
 */
export async function downtimeFigures(downMinutes: number, changes: number): Promise<DowntimeFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-bench-push-downtime-'));
  installTemporalRuntime(createServiceLog({ process: 'bench', level: 'warn', format: 'text' }), 'warn');
  const temporal = await startTemporalDevServer({
    cliPath: requireTemporalCli(loadSettings(), PROJECT_ROOT),
    port: await findFreePort(),
    uiPort: await findFreePort(),
    dbFile: join(dir, 'temporal', 'temporal.sqlite'),
    namespace: 'default',
  });
  const lakeDir = join(dir, 'lake');
  const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
  const subscriptions = SqliteSubscriptionStore.open(join(dir, 'subscriptions.sqlite'));
  const receiver = await PushReceiver.start();
  const incidents = syntheticNswIncidents(5, 99);
  let polls = 0;
  const poll = async (changed?: number) => {
    polls++;
    const fetched = new Date().toISOString();
    const listed = incidents.map((incident, i) =>
      i === changed ? { ...incident, title: `${incident.title} (report ${polls})` } : incident,
    );
    const records = nswRecords(listed, fetched);
    await warehouse.commit({
      feedKey: 'nsw-rfs-major-incidents',
      rawSha256: String(polls).padStart(64, '0'),
      incoming: records,
      polledAt: fetched,
      pollId: `bench-${polls}`,
      guarded: false,
    });
    for (let i = 0; i < listed.length; i++) if (i === changed) incidents[i] = listed[i]!;
    await publishNow(warehouse, lakeDir);
    // What this poll changed: the incident and its warning area when it has one, in id order.
    const id = changed === undefined ? undefined : `nsw-rfs-${incidents[changed]!.id}`;
    return records
      .filter((record) => id !== undefined && (record.id === id || record.parent_id === id))
      .map((record) => record.id)
      .sort();
  };
  await poll();
  const store = await ServingStore.open(lakeDir, { checkIntervalMs: 50 });
  const hub = await ChangeHub.start(store);
  const taskQueue = `bench-webhooks-${randomUUID().slice(0, 8)}`;
  const client = new Client({ connection: await Connection.connect({ address: temporal.address }) });
  // The shipped retry waits, and loopback targets (the receiver is on 127.0.0.1).
  const settings = parseSettings({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  const worker = await Worker.create({
    connection: await NativeConnection.connect({ address: temporal.address }),
    taskQueue,
    workflowsPath: WORKFLOWS_PATH,
    activities: channelActivities({ store: subscriptions, settings }),
  });
  const running = worker.run();
  const secret = newWebhookSecret();
  receiver.verifyWith(secret);
  await subscriptions.create({
    id: randomUUID(),
    keyId: 'bench',
    url: receiver.url,
    types: ['incident.updated'],
    area: { type: 'state', state: 'nsw' },
    resolved: { kind: 'state', state: 'nsw' },
    secret,
    status: 'active',
    disabledReason: null,
    disabledAt: null,
    createdAt: new Date().toISOString(),
  });
  const dispatcher = await WebhookDispatcher.start({
    store: subscriptions,
    hub,
    handOn: temporalHandOn(client, { taskQueue, settings }),
  });
  try {
    receiver.down = true;
    const downUntil = Date.now() + downMinutes * 60_000;
    // The changes over the first half of the outage; the order they were published in is the order due.
    const published: string[] = [];
    const spacing = (downMinutes * 60_000) / 2 / changes;
    for (let i = 0; i < changes; i++) {
      published.push(...(await poll(i % incidents.length)));
      await new Promise((resolve) => setTimeout(resolve, spacing));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, downUntil - Date.now())));
    receiver.down = false;
    const upAt = Date.now();
    const lastWait = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, wait) => sum + wait, 0);
    const deadline = upAt + lastWait + 60_000;
    while (receiver.accepted.length < published.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const order = receiver.accepted.map((accepted) => accepted.subject);
    const versions = new Map<string, number>();
    const perIncident = receiver.accepted.every((accepted) => {
      const last = versions.get(accepted.subject) ?? 0;
      versions.set(accepted.subject, accepted.version ?? 0);
      return (accepted.version ?? 0) > last;
    });
    return {
      downMinutes,
      changes,
      due: published.length,
      accepted: receiver.accepted.length,
      inOrder: perIncident && order.join() === published.join(),
      repeats: receiver.repeats,
      attemptsWhileDown: receiver.attemptsWhileDown,
      drainedAfterMs: (receiver.accepted[receiver.accepted.length - 1]?.at ?? Number.NaN) - upAt,
    };
  } finally {
    dispatcher.close();
    hub.close();
    store.close();
    worker.shutdown();
    await running;
    await temporal.stop();
    await receiver.close();
    subscriptions.close();
    warehouse.close();
    await rm(dir, { recursive: true, force: true });
  }
}
