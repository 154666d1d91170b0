import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gaugeMirrorPath, gaugeSourceByName } from '../../config/gauge-sources.js';
import type { GaugeSourceHealth } from '../../model/index.js';
import { gaugeSourceStep, syntheticFleet, syntheticStation } from '../../replay/gauges/index.js';
import { renderHydstraError } from '../../sources/gauges/hydstra/index.js';
import { gaugePollerInput } from '../../runtime/gauge-pollers.js';
import { gaugeHealthQuery, gaugePollNowSignal } from '../../workflows/index.js';
import { startHarness, waitFor, type Harness } from '../support/harness.js';
import { recordHistories } from '../support/record-history.js';

const SOURCE = 'nsw-hydstra';
const NOW = Date.now();
const FLEET = syntheticFleet({ count: 60, seed: 8, startMs: NOW - 3 * 86_400_000, endMs: NOW + 86_400_000 });
const GAUGES = FLEET.filter((gauge) => gauge.source === SOURCE);

interface Collection {
  gauges: { id: string; latest: { time: string } | null }[];
  meta: { totalCount: number };
}

describe('gaugePoller on a real Temporal dev server', () => {
  let h: Harness;
  let workflowId: string;
  beforeEach(async () => {
    h = await startHarness();
    workflowId = `test-gauges-${randomUUID().slice(0, 8)}`;
  });
  afterEach(async () => {
    await recordHistories(h.client, workflowId, expect.getState().currentTestName ?? 'gauges');
    await h.client.workflow
      .getHandle(workflowId)
      .terminate('test finished')
      .catch(() => undefined);
    await h.stop();
  });

  const health = () => h.client.workflow.getHandle(workflowId).query(gaugeHealthQuery);
  async function afterPoll(polls: number): Promise<GaugeSourceHealth> {
    return waitFor(
      async () => {
        const now = await health();
        return now.polls > polls ? now : undefined;
      },
      { what: `poll ${polls + 1} of ${workflowId}`, timeoutMs: 60_000 },
    );
  }
  async function pollNow(): Promise<GaugeSourceHealth> {
    const before = (await health()).polls;
    await h.client.workflow.getHandle(workflowId).signal(gaugePollNowSignal);
    return afterPoll(before);
  }
  async function gauges(): Promise<Collection> {
    const response = await h.request(`/v1/gauges?source=${SOURCE}&limit=500`);
    expect(response.status).toBe(200);
    return (await response.json()) as Collection;
  }

  it('polls, commits and serves; an HTTP-200 error and a bad body degrade the source and lose nothing', async () => {
    h.replay.script(gaugeMirrorPath(SOURCE), [gaugeSourceStep(SOURCE, FLEET)]);
    await h.client.workflow.start('gaugePoller', {
      workflowId,
      taskQueue: h.settings.INGEST_TASK_QUEUE,
      args: [
        {
          ...gaugePollerInput(gaugeSourceByName(SOURCE)!, h.settings),
          pollIntervalSeconds: 3600,
          fetchMaximumAttempts: 1,
        },
      ],
    });
    const good = await afterPoll(0);
    expect(good).toMatchObject({ status: 'healthy', gaugeCount: GAUGES.length, consecutiveFailures: 0 });
    expect(good.newReadings).toBeGreaterThan(GAUGES.length);
    const served = await gauges();
    const levels = GAUGES.filter((gauge) => gauge.variable === 'water_level');
    expect(served.gauges.map((gauge) => gauge.id)).toEqual(levels.map((g) => syntheticStation(g).id).sort());
    // The raw bodies of the poll are kept by hash.
    const raw = await readdir(join(h.settings.DATA_DIR, 'raw', 'gauges', SOURCE), { recursive: true });
    expect(raw.filter((name) => name.endsWith('.json')).length).toBeGreaterThanOrEqual(3);

    // Hydstra answers a failed call with HTTP 200 and an error number.
    h.replay.script(gaugeMirrorPath(SOURCE), [
      { kind: 'document', body: renderHydstraError(120) },
      gaugeSourceStep(SOURCE, FLEET),
    ]);
    const failed = await pollNow();
    expect(failed).toMatchObject({
      status: 'degraded',
      lastOutcome: 'failed',
      lastErrorKind: 'upstream-error',
      consecutiveFailures: 1,
      errorCount: 1,
      gaugeCount: GAUGES.length,
    });
    expect(failed.lastError).toMatch(/error 120/);

    h.replay.script(gaugeMirrorPath(SOURCE), [{ kind: 'html-error' }, gaugeSourceStep(SOURCE, FLEET)]);
    const bad = await pollNow();
    expect(bad).toMatchObject({ status: 'degraded', lastErrorKind: 'bad-body', consecutiveFailures: 2 });
    // Nothing was lost or changed by the failed polls.
    expect((await gauges()).gauges.map((g) => g.id)).toEqual(served.gauges.map((g) => g.id));

    h.replay.script(gaugeMirrorPath(SOURCE), [
      { kind: 'status', status: 503 },
      gaugeSourceStep(SOURCE, FLEET),
    ]);
    expect(await pollNow()).toMatchObject({
      status: 'down',
      lastErrorKind: 'http-status',
      consecutiveFailures: 3,
    });

    h.replay.script(gaugeMirrorPath(SOURCE), [gaugeSourceStep(SOURCE, FLEET)]);
    const recovered = await pollNow();
    expect(recovered).toMatchObject({
      status: 'healthy',
      consecutiveFailures: 0,
      errorCount: 3,
      lastOutcome: 'committed',
    });
    expect(recovered.lastError).toBeUndefined();
  });
});
