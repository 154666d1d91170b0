import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueKey } from '../../api/access/issue.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';
import { dataLayout, feedByKey, mirrorPath } from '../../config/index.js';
import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from '../../replay/generators/nsw-rfs.js';
import { ReplayServer } from '../../replay/server.js';
import { createServiceLog } from '../../runtime/log.js';
import { findFreePort } from '../../runtime/ports.js';
import { startService } from '../../runtime/service.js';
import { PushReceiver } from './push-receiver.js';

export interface LatencyFigures {
  pollSeconds: number;
  /** From the upstream change to the event on an open stream, and to the verified webhook, in ms. */
  stream: number[];
  webhook: number[];
}

const FEED = feedByKey('nsw-rfs-major-incidents')!;

/** Reads `incident.created` subjects off an open stream, with when each arrived. */
async function followStream(url: string, token: string, seen: Map<string, number>, signal: AbortSignal) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (frame.includes('event: incident.created') && data)
            seen.set((JSON.parse(data) as { subject: string }).subject, Date.now());
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
}

/**
 * (a) The whole service as `npm start` runs it, polling a replay of the NSW RFS feed every
 * `pollSeconds`: each sample lists one new incident upstream at a random moment of the poll cycle and
 * times its arrival on an open stream and at a webhook subscribed to NSW.
 */
export async function latencyFigures(pollSeconds: number, samples: number): Promise<LatencyFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eids-bench-push-latency-'));
  const replay = await ReplayServer.start();
  const receiver = await PushReceiver.start();
  const pool = syntheticNswIncidents(samples + 1, 404).map((incident) => ({
    ...incident,
    type: 'Bush Fire',
    status: 'Out of control',
    polygons: undefined,
  })) as SyntheticIncident[];
  const upstream: SyntheticIncident[] = [pool[0]!];
  replay.script(mirrorPath(FEED), [{ kind: 'document', body: () => renderNswMajorIncidents(upstream) }]);
  const access = SqliteAccessStore.open(dataLayout(dataDir).accessDbFile);
  const { token } = await issueKey(access, { tier: 'enterprise', label: 'bench' }, new Date());
  access.close();
  const service = await startService(
    {
      DATA_DIR: dataDir,
      UPSTREAM_BASE_URL: replay.url,
      POLL_INTERVAL_SECONDS: String(pollSeconds),
      PORT: String(await findFreePort()),
      TEMPORAL_DEV_PORT: String(await findFreePort()),
      TEMPORAL_UI_PORT: String(await findFreePort()),
      FEEDS: FEED.key,
      GAUGE_SOURCES: 'none',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      LOG_LEVEL: 'warn',
    },
    createServiceLog({ process: 'bench', level: 'warn', format: 'text' }),
  );
  const controller = new AbortController();
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const subscribed = await fetch(`${service.apiUrl}/v1/subscriptions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        url: receiver.url,
        types: ['incident.created'],
        area: { type: 'state', state: 'nsw' },
      }),
    });
    if (subscribed.status !== 201)
      throw new Error(`subscribing answered ${subscribed.status}: ${await subscribed.text()}`);
    receiver.verifyWith(((await subscribed.json()) as { secret: string }).secret);
    const streamed = new Map<string, number>();
    await followStream(
      `${service.apiUrl}/v1/stream?types=incident.created`,
      token,
      streamed,
      controller.signal,
    );
    const figures: LatencyFigures = { pollSeconds, stream: [], webhook: [] };
    for (const incident of pool.slice(1)) {
      // A random moment of the poll cycle, as upstream changes come.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * pollSeconds * 1000));
      const subject = `nsw-rfs-${incident.id}`;
      const changedAt = Date.now();
      upstream.push(incident);
      const deadline = changedAt + (3 * pollSeconds + 60) * 1000;
      const delivered = () => receiver.accepted.find((accepted) => accepted.subject === subject);
      while ((!streamed.has(subject) || !delivered()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      if (!streamed.has(subject) || !delivered())
        throw new Error(`${subject} did not arrive within the deadline`);
      figures.stream.push(streamed.get(subject)! - changedAt);
      figures.webhook.push(delivered()!.at - changedAt);
    }
    return figures;
  } finally {
    controller.abort();
    await service.stop();
    await replay.close();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
