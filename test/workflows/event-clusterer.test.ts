import { workflowMetadataQuery } from '@temporalio/workflow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataLayout, mirrorPath } from '../../config/index.js';
import { filesOf, readManifest } from '../../lake/manifest.js';
import { renderNswMajorIncidents, type SyntheticIncident } from '../../replay/generators/nsw-rfs.js';
import { eventClustererWorkflowId } from '../../runtime/event-clusterer.js';
import {
  eventClustererStatusQuery,
  generationPublishedSignal,
  type EventClustererStatus,
} from '../../workflows/index.js';
import { fire, idOf } from '../events/support.js';
import { NSW_FEED, startHarness, waitFor, type Harness } from '../support/harness.js';
import { recordHistories } from '../support/record-history.js';

interface EventCollection {
  features: { id: string; properties: { incidentCount: number; title: string; isActive: boolean } }[];
  meta: { totalEvents: number };
}

/** Fires updated now, so the clustering's age limit keeps them. */
const current = (fires: SyntheticIncident[]) => fires.map((each) => ({ ...each, updated: new Date() }));
const complexA = [fire(1, 147.0, -33.0), fire(2, 147.04, -33.0), fire(3, 147.0, -33.04)];
const complexB = [fire(4, 149.0, -31.0), fire(5, 149.05, -31.0)];
const lone = fire(6, 146.0, -30.0);

describe('eventClusterer on a real Temporal dev server', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    const scenario = expect.getState().currentTestName ?? 'clusterer';
    await recordHistories(h.client, eventClustererWorkflowId(h.settings), scenario);
    await h.stop();
  });

  const serve = (fires: SyntheticIncident[]) =>
    h.replay.script(mirrorPath(NSW_FEED), [
      { kind: 'document', body: renderNswMajorIncidents(current(fires)) },
    ]);
  const clusterer = () => h.client.workflow.getHandle(eventClustererWorkflowId(h.settings));
  const status = () => clusterer().query(eventClustererStatusQuery);

  /** The event list once it satisfies `done`. */
  async function eventsWhen(
    done: (body: EventCollection) => boolean,
    what: string,
  ): Promise<EventCollection> {
    return waitFor(
      async () => {
        const response = await h.request('/v1/events');
        if (response.status !== 200) return undefined;
        const body = (await response.json()) as EventCollection;
        return done(body) ? body : undefined;
      },
      { what },
    );
  }

  it('clusters after incidents are published: events in the lake and through the API, ids stable across polls', async () => {
    serve([...complexA, ...complexB, lone]);
    await h.startPoller();
    const first = await eventsWhen((body) => body.meta.totalEvents === 2, 'two events');
    const counts = first.features.map((feature) => feature.properties.incidentCount).sort();
    expect(counts).toEqual([2, 3]);

    const manifest = await readManifest(dataLayout(h.settings.DATA_DIR).lakeDir);
    expect(filesOf(manifest, 'events')).toHaveLength(1);
    expect(filesOf(manifest, 'events')[0]?.rows).toBe(2);

    const idOfComplexA = first.features.find((feature) => feature.properties.incidentCount === 3)!.id;
    const idOfComplexB = first.features.find((feature) => feature.properties.incidentCount === 2)!.id;
    // The next poll: complex A grows by one fire; both events keep their ids.
    serve([...complexA, fire(7, 147.03, -33.03), ...complexB, lone]);
    await h.pollNow();
    const grown = await eventsWhen(
      (body) => body.features.some((feature) => feature.properties.incidentCount === 4),
      'complex A with four fires',
    );
    expect(grown.features.map((feature) => [feature.id, feature.properties.incidentCount]).sort()).toEqual(
      [
        [idOfComplexA, 4],
        [idOfComplexB, 2],
      ].sort(),
    );
    // A poll that changes nothing: same ids again.
    await h.pollNow();
    const again = await eventsWhen(() => true, 'the event list');
    expect(again.features.map((feature) => feature.id).sort()).toEqual([idOfComplexA, idOfComplexB].sort());

    const one = await h.request(`/v1/events/${idOfComplexA}?include_incidents=true`);
    const feature = (await one.json()) as { properties: { incidents: { id: string }[] } };
    expect(feature.properties.incidents.map((incident) => incident.id)).toEqual(
      [1, 2, 3, 7].map(idOf).sort(),
    );

    // Visible in the Web UI: a running workflow whose details describe the last run.
    const description = await clusterer().describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.taskQueue).toBe(h.settings.INGEST_TASK_QUEUE);
    const metadata = await clusterer().query(workflowMetadataQuery);
    expect(metadata.currentDetails).toMatch(/^2 active events, 0 ended/);
  });

  it('coalesces publications: one run at a time, a burst of signals making few runs', async () => {
    serve([...complexA, lone]);
    await h.startPoller();
    await eventsWhen((body) => body.meta.totalEvents === 1, 'one event');
    // Settled: nothing pending and no run under way (a run's result is counted when it ends).
    const settled = (s: EventClustererStatus) => !s.pending && !s.running;
    const before = await waitFor(async () => ((s) => (settled(s) ? s : undefined))(await status()), {
      what: 'an idle clusterer',
    });

    const burst = 25;
    await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        clusterer().signal(generationPublishedSignal, before.latestGeneration + i + 1),
      ),
    );
    const after = await waitFor(
      async () => {
        const s = await status();
        return settled(s) && s.latestGeneration === before.latestGeneration + burst ? s : undefined;
      },
      { what: 'the burst clustered' },
    );
    expect(after.runs).toBeGreaterThan(before.runs);
    expect(after.runs - before.runs).toBeLessThan(burst);
    expect(after.failures).toBe(0);

    // In the history, each run is scheduled only after the previous one closed.
    const history = await clusterer().fetchHistory();
    let open = 0;
    let runs = 0;
    for (const event of history.events ?? []) {
      if (event.activityTaskScheduledEventAttributes) {
        expect(open).toBe(0);
        open++;
        runs++;
      }
      if (
        event.activityTaskCompletedEventAttributes ??
        event.activityTaskFailedEventAttributes ??
        event.activityTaskTimedOutEventAttributes
      ) {
        open--;
      }
    }
    // The publisher's own publications may have started another run since.
    expect(runs).toBeGreaterThanOrEqual(after.runs);
  });

  it('continues as new after its runs per execution, carrying its status', async () => {
    // Replace the clusterer the harness's first publication started with one that continues often.
    await clusterer()
      .terminate('replaced by the test')
      .catch(() => undefined);
    const started = await h.client.workflow.start('eventClusterer', {
      workflowId: eventClustererWorkflowId(h.settings),
      taskQueue: h.settings.INGEST_TASK_QUEUE,
      args: [{ warehouseTaskQueue: h.settings.WAREHOUSE_TASK_QUEUE, runsPerExecution: 2 }],
    });
    for (let generation = 1; generation <= 5; generation++) {
      await waitFor(async () => ((await status()).runs >= generation ? true : undefined), {
        what: `run ${generation}`,
      });
      await clusterer().signal(generationPublishedSignal, generation);
    }
    const carried = await waitFor(
      async () => ((s) => (s.runs >= 6 && !s.pending && !s.running ? s : undefined))(await status()),
      { what: 'six runs' },
    );
    expect(carried.failures).toBe(0);
    expect(carried.latestGeneration).toBeGreaterThanOrEqual(5);
    const description = await clusterer().describe();
    expect(description.runId).not.toBe(started.firstExecutionRunId);
    expect(description.status.name).toBe('RUNNING');
  });
});
