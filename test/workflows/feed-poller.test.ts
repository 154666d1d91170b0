import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  renderNswMajorIncidents,
  syntheticNswIncidents,
  type SyntheticIncident,
} from '../../replay/generators/nsw-rfs.js';
import { mirrorPath } from '../../config/index.js';
import { workflowMetadataQuery } from '@temporalio/workflow';
import { feedStatusSearchAttribute } from '../../workflows/index.js';
import { NSW_FEED, startHarness, waitFor, workerLogLines, type Harness } from '../support/harness.js';
import { requireSharedFolder } from '../../replay/shared-samples.js';
import { recordHistories } from '../support/record-history.js';

interface Collection {
  features: {
    id: string;
    properties: { status: string; retraction: { retracted: boolean; retractedAt?: string; reason?: string } };
  }[];
  meta: { total_count: number };
}

/** Point-only fires, so every incident is one feature and counts are easy to read. */
function fires(count: number, seed: number): SyntheticIncident[] {
  return syntheticNswIncidents(count, seed).map((incident) => ({
    ...incident,
    type: 'Bush Fire',
    status: 'Out of control',
    polygons: undefined,
  }));
}

const document = (incidents: SyntheticIncident[]) => ({
  kind: 'document' as const,
  body: renderNswMajorIncidents(incidents),
});

describe('feedPoller on a real Temporal dev server', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    // Each test's poller is a replay fixture when recording (npm run record-histories).
    await recordHistories(h.client, h.workflowId, expect.getState().currentTestName ?? 'poller');
    await h.stop();
  });

  /** The workers' log lines since `from` that match, once there are at least `count` (a line follows its poll's task). */
  async function logLines(from: number, pattern: RegExp, count: number): Promise<string[]> {
    const matching = () => workerLogLines.slice(from).filter((line) => pattern.test(line));
    return waitFor(() => Promise.resolve(matching().length >= count ? matching() : undefined), {
      timeoutMs: 5_000,
      what: `${count} log lines matching ${pattern}`,
    }).catch(() => matching());
  }

  async function list(query = ''): Promise<Collection> {
    const response = await h.request(`/v1/incidents${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Collection;
  }

  it('commits a poll that the API then serves, and reports the feed healthy', async () => {
    const incidents = fires(3, 1);
    h.replay.script(mirrorPath(NSW_FEED), [document(incidents)]);
    const health = await h.startPoller();
    expect(health).toMatchObject({
      status: 'healthy',
      incidentCount: 3,
      errorCount: 0,
      lastOutcome: 'committed',
    });

    const body = await list();
    expect(body.features.map((f) => f.id).sort()).toEqual(incidents.map((i) => `nsw-rfs-${i.id}`).sort());

    const states = (await (await h.request('/v1/states')).json()) as {
      states: { status: string; incidentCount: number }[];
    };
    expect(states.states[0]).toMatchObject({ status: 'healthy', incidentCount: 3 });
  });

  it('keeps the last good state through failed and malformed polls: degraded, then down, then healthy again', async () => {
    const incidents = fires(3, 2);
    h.replay.script(mirrorPath(NSW_FEED), [
      document(incidents),
      { kind: 'status', status: 500 },
      { kind: 'malformed' },
      { kind: 'empty' },
      { kind: 'html-error' },
      { kind: 'timeout', ms: 3_000 },
      document(incidents),
    ]);
    await h.startPoller();
    const logFrom = workerLogLines.length;

    const degraded = await h.pollNow();
    expect(degraded).toMatchObject({
      status: 'degraded',
      consecutiveFailures: 1,
      errorCount: 1,
      lastOutcome: 'failed',
      lastErrorKind: 'http-status',
    });
    expect(degraded.lastError).toMatch(/HTTP 500/);
    expect(Date.parse(degraded.nextPollAt!)).toBeGreaterThan(Date.parse(degraded.lastPolled!));
    // /v1/states tells why, how many in a row, and when the next try is.
    const states = (await (await h.request('/v1/states')).json()) as { states: Record<string, unknown>[] };
    expect(states.states[0]).toMatchObject({
      status: 'degraded',
      consecutiveFailures: 1,
      lastError: { kind: 'http-status', message: expect.stringMatching(/HTTP 500/) as unknown },
      nextPoll: degraded.nextPollAt,
    });
    expect(await h.pollNow()).toMatchObject({ status: 'degraded', lastErrorKind: 'bad-body' });
    const down = await h.pollNow();
    expect(down).toMatchObject({ status: 'down', consecutiveFailures: 3, lastErrorKind: 'bad-body' });
    expect(await h.pollNow()).toMatchObject({
      status: 'down',
      consecutiveFailures: 4,
      lastErrorKind: 'bad-body',
    });
    const timedOut = await h.pollNow();
    expect(timedOut).toMatchObject({ lastErrorKind: 'timeout' });
    expect(timedOut.lastError).toMatch(/within 1500 ms/);

    // Nothing was retracted or lost through five bad polls.
    const all = await list('?include_retracted=true');
    expect(all.meta.total_count).toBe(3);
    expect(all.features.every((f) => !f.properties.retraction.retracted)).toBe(true);

    const healthy = await h.pollNow();
    expect(healthy).toMatchObject({
      status: 'healthy',
      consecutiveFailures: 0,
      errorCount: 5,
      incidentCount: 3,
    });
    expect(healthy.lastError).toBeUndefined();
    expect(healthy.lastErrorKind).toBeUndefined();
    // One line when it recovers, saying from what.
    expect(await logLines(logFrom, /polling works again/, 1)).toEqual([
      '[test] nsw-rfs-major-incidents: polling works again after 5 failed polls',
    ]);
  });

  it('retracts exactly the incident a good poll no longer lists, and versions a status change', async () => {
    const incidents = fires(3, 3);
    const [first, second, third] = incidents as [SyntheticIncident, SyntheticIncident, SyntheticIncident];
    h.replay.script(mirrorPath(NSW_FEED), [
      document(incidents),
      document([{ ...first, status: 'Being controlled' }, second]),
    ]);
    await h.startPoller();
    const after = await h.pollNow();
    expect(after).toMatchObject({ status: 'healthy', incidentCount: 2 });

    const current = await list();
    expect(current.features.map((f) => f.id).sort()).toEqual(
      [`nsw-rfs-${first.id}`, `nsw-rfs-${second.id}`].sort(),
    );
    expect(current.features.find((f) => f.id === `nsw-rfs-${first.id}`)?.properties.status).toBe('contained');

    const withRetracted = await list('?include_retracted=true');
    const gone = withRetracted.features.find((f) => f.id === `nsw-rfs-${third.id}`);
    expect(gone?.properties.retraction).toMatchObject({
      retracted: true,
      reason: 'No longer published by the upstream feed',
    });
    expect(gone?.properties.retraction.retractedAt).toMatch(/[+-]\d\d:\d\d$/);

    const single = await h.request(`/v1/incidents/nsw-rfs-${third.id}`);
    expect(single.status).toBe(200);
    expect(
      ((await single.json()) as { properties: { retraction: { retracted: boolean } } }).properties.retraction
        .retracted,
    ).toBe(true);
  });

  it('holds back a mass drop (feed degraded, nothing retracted) and believes it after repeats', async () => {
    const incidents = fires(12, 4);
    const survivors = incidents.slice(0, 2);
    h.replay.script(mirrorPath(NSW_FEED), [document(incidents), document(survivors)]);
    await h.startPoller();
    const logFrom = workerLogLines.length;

    const guarded = await h.pollNow();
    expect(guarded).toMatchObject({
      status: 'degraded',
      lastOutcome: 'guarded',
      guardTrips: 1,
      incidentCount: 12,
    });
    expect((await list()).meta.total_count).toBe(12);
    const states = (await (await h.request('/v1/states')).json()) as { states: Record<string, unknown>[] };
    expect(states.states[0]).toMatchObject({
      lastError: { kind: 'retraction-guard' },
      consecutiveFailures: 0,
    });
    expect((await h.pollNow()).guardTrips).toBe(2);

    const believed = await h.pollNow();
    expect(believed).toMatchObject({
      status: 'healthy',
      lastOutcome: 'committed',
      incidentCount: 2,
      guardTrips: 0,
    });
    expect((await list()).meta.total_count).toBe(2);
    // The guard doing its job is one info line per held-back poll (feed, what it held back, when it
    // polls again), then one line when the feed recovers; no warning.
    const lines = await logLines(logFrom, /retraction guard|polling works again/, 3);
    expect(lines).toHaveLength(3);
    for (const [i, line] of lines.slice(0, 2).entries()) {
      expect(line).toBe(
        `[test] nsw-rfs-major-incidents: retraction guard held back a poll (mass-drop: poll omits 10 of 12 active incidents): none of its 2 incidents committed, ${i + 1} polls held back in a row; next poll in 3600 s`,
      );
    }
    expect(lines[2]).toBe('[test] nsw-rfs-major-incidents: polling works again after 2 held-back polls');
    expect(workerLogLines.slice(logFrom).filter((line) => / (WARN|ERROR) /.test(line))).toEqual([]);
  });

  it('keeps every live incident through two and three polls of the same ids all renamed', async () => {
    const live = fires(22, 6);
    const renamed = live.map((incident) => ({ ...incident, id: incident.id + 100_000 }));
    h.replay.script(mirrorPath(NSW_FEED), [document(live), document(renamed)]);
    await h.startPoller();
    for (const trips of [1, 2]) {
      const held = await h.pollNow();
      expect(held, `wrong poll ${trips}`).toMatchObject({
        lastOutcome: 'guarded',
        guardTrips: trips,
        incidentCount: 22,
      });
      const page = await list('?include_retracted=true');
      expect(page.meta.total_count, `wrong poll ${trips}`).toBe(22);
      expect(page.features.every((f) => !f.properties.retraction.retracted)).toBe(true);
    }
    // The third identical poll in a row is believed, as ADR 4 says.
    const third = await h.pollNow();
    expect(third).toMatchObject({ lastOutcome: 'committed', guardTrips: 0, incidentCount: 22 });
    const after = await list();
    expect(after.features.map((f) => f.id).sort()).toEqual(renamed.map((i) => `nsw-rfs-${i.id}`).sort());
  });

  it('does not believe drops that are not consecutive: a failed poll starts the count again (across runs)', async () => {
    const live = fires(12, 7);
    const drop = document(live.slice(0, 2));
    h.replay.script(mirrorPath(NSW_FEED), [
      document(live),
      drop,
      { kind: 'status', status: 500 },
      drop,
      drop,
      drop,
    ]);
    // Two polls a run: the troubled polls the recovery line counts go on across continue-as-new.
    await h.startPoller({ iterationsPerRun: 2 });
    const logFrom = workerLogLines.length;
    expect((await h.pollNow()).guardTrips).toBe(1);
    expect(await h.pollNow()).toMatchObject({ lastOutcome: 'failed', guardTrips: 0 });
    expect((await h.pollNow()).guardTrips).toBe(1);
    const second = await h.pollNow();
    expect(second).toMatchObject({ lastOutcome: 'guarded', guardTrips: 2, incidentCount: 12 });
    expect((await list()).meta.total_count).toBe(12);
    expect(await h.pollNow()).toMatchObject({ lastOutcome: 'committed', incidentCount: 2 });
    expect(await logLines(logFrom, /polling works again/, 1)).toEqual([
      '[test] nsw-rfs-major-incidents: polling works again after 1 failed and 3 held-back polls',
    ]);
  });

  it('ingests a real published NSW RFS document served by the replay server', async () => {
    const samples = requireSharedFolder('upstream/samples/nsw/');
    const body = readFileSync(
      `${samples}nsw-rfs-majorIncidents-2020-01-26-black-summer-EW-recompacted.json`,
      'utf8',
    );
    h.replay.script(mirrorPath(NSW_FEED), [{ kind: 'document', body }]);
    expect(await h.startPoller()).toMatchObject({ status: 'healthy', incidentCount: 80, unmappedValues: 0 });

    const warnings = await list('?warningLevel=emergency_warning');
    expect(warnings.meta.total_count).toBe(1);
    const areas = await list('?featureType=incident_area&limit=500');
    expect(areas.meta.total_count).toBe(48);
  });

  it('continues as new, carrying its health and counters into the next run', async () => {
    h.replay.script(mirrorPath(NSW_FEED), [document(fires(2, 5)), { kind: 'status', status: 503 }]);
    await h.startPoller({ iterationsPerRun: 2 });
    const firstRun = (await h.client.workflow.getHandle(h.workflowId).describe()).runId;
    await h.pollNow();
    const carried = await h.pollNow();
    const secondRun = (await h.client.workflow.getHandle(h.workflowId).describe()).runId;
    expect(secondRun).not.toBe(firstRun);
    expect(carried).toMatchObject({ polls: 3, errorCount: 2, consecutiveFailures: 2, incidentCount: 2 });
  });

  it('keeps the FeedStatus search attribute and its Web UI details up to date, across continue-as-new', async () => {
    h.replay.script(mirrorPath(NSW_FEED), [document(fires(2, 6)), { kind: 'status', status: 503 }]);
    const handle = h.client.workflow.getHandle(h.workflowId);
    const feedStatus = async () =>
      (await handle.describe()).typedSearchAttributes.get(feedStatusSearchAttribute);
    await h.startPoller({ iterationsPerRun: 2 }, { feedStatus: true });
    await waitFor(async () => ((await feedStatus()) === 'healthy' ? true : undefined), {
      what: 'FeedStatus healthy',
    });
    const firstRun = (await handle.describe()).runId;
    await h.pollNow();
    await h.pollNow();
    expect((await handle.describe()).runId).not.toBe(firstRun);
    await waitFor(async () => ((await feedStatus()) === 'degraded' ? true : undefined), {
      what: 'FeedStatus degraded on the second run',
    });
    const metadata = await handle.query(workflowMetadataQuery);
    expect(metadata.currentDetails).toMatch(/^degraded: 2 incidents; .*last error \(http-status\): HTTP 503/);
  });
});
