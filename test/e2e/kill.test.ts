import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prng } from '../../replay/random.js';
import { eventClustererWorkflowId } from '../../runtime/event-clusterer.js';
import { GAUGE_COMPACTION_SCHEDULE_ID, GAUGE_RETENTION_SCHEDULE_ID } from '../../runtime/gauge-pollers.js';
import { COMPACTION_SCHEDULE_ID } from '../../runtime/schedules.js';
import { waitFor } from '../support/harness.js';
import { recordHistories } from '../support/record-history.js';
import {
  runsOf,
  startKillScenario,
  workflowTaskFailures,
  type FeedState,
  type KillScenario,
} from '../support/kill-scenario.js';

const KILLS = ['ingest', 'warehouse', 'ingest', 'warehouse', 'ingest', 'warehouse'] as const;
const SEED = 20_261_127;
const SCHEDULES = [COMPACTION_SCHEDULE_ID, GAUGE_COMPACTION_SCHEDULE_ID, GAUGE_RETENTION_SCHEDULE_ID];
/** The workflows the kills hit besides the pollers: the clusterer (a signal per publish) and maintenance. */
const CLUSTERER = eventClustererWorkflowId({ WAREHOUSE_TASK_QUEUE: 'eids-warehouse' });

/**
 * Durable polling, tried the hard way: the whole service (every feed of the catalogue and three gauge
 * sources, 10 s apart) while its ingest and warehouse workers are SIGKILLed three times each at
 * random moments, an operator sends pollNow, and a client reads /v1/states all along.
 */
describe('polling through SIGKILLed workers', () => {
  let scenario: KillScenario;
  const random = prng(SEED);
  const sampled: { at: number; states: FeedState[] }[] = [];
  const apiStatuses = new Set<number>();
  let sampling = true;
  let sampler: Promise<void> = Promise.resolve();
  let recovered = 0;

  beforeAll(async () => {
    scenario = await startKillScenario(inject('temporalAddress'), { intervalSeconds: 10, seed: SEED });
    // Every poller polls once before the first kill.
    await scenario.everyPollerPolledAfter(0, 180_000);
    sampler = (async () => {
      while (sampling) {
        const feeds = await scenario.get<{ states: FeedState[] }>('/v1/states');
        apiStatuses.add(feeds.status);
        if (feeds.body) sampled.push({ at: Date.now(), states: feeds.body.states });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    for (const [i, role] of KILLS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, 2_000 + random() * 8_000));
      await scenario.kill(role);
      // An operator asks a few pollers to poll now while the workers come and go.
      if (i % 2 === 1) await scenario.pollNow(scenario.workflowIds.slice(i, i + 4));
      // Maintenance runs while workers die too (what the schedules start every few minutes).
      if (i === 1) {
        for (const id of SCHEDULES) await scenario.client.schedule.getHandle(id).trigger();
      }
    }
    const back = Date.now();
    recovered = await scenario.everyPollerPolledAfter(back, 2 * scenario.intervalSeconds * 1000 + 30_000);
    sampling = false;
    await sampler;
  }, 600_000);

  afterAll(async () => {
    sampling = false;
    await sampler;
    await scenario?.close();
  });

  it('polls every feed and gauge source again soon after the last restart', () => {
    // Two intervals, plus the time a lost activity takes to be noticed (its heartbeat) and retried.
    console.log(`[kill] every poller polled again ${(recovered / 1000).toFixed(1)} s after the last restart`);
    expect(recovered).toBeLessThanOrEqual(2 * scenario.intervalSeconds * 1000 + 30_000);
  });

  it('leaves no workflow with a failed workflow task, and none had to be started again', async () => {
    const maintenance: string[] = [];
    const types = new Set<string>();
    for await (const info of scenario.client.workflow.list({
      query: `WorkflowType IN ('compactLake', 'compactGaugeLake', 'gaugeRetention')`,
    })) {
      maintenance.push(info.workflowId);
      types.add(info.type);
      await scenario.client.workflow.getHandle(info.workflowId, info.runId).result();
    }
    // Every schedule's triggered run finished; a schedule may also have fired on its own meanwhile.
    expect(maintenance.length).toBeGreaterThanOrEqual(SCHEDULES.length);
    expect([...types].sort()).toEqual(['compactGaugeLake', 'compactLake', 'gaugeRetention']);
    const failures: string[] = [];
    for (const id of [...scenario.workflowIds, CLUSTERER, ...maintenance]) {
      for (const run of await runsOf(scenario.client, id)) {
        if (run.status === 'TERMINATED') failures.push(`${id} ${run.runId}: terminated`);
        for (const message of await workflowTaskFailures(scenario.client, id, run.runId)) {
          failures.push(`${id} ${run.runId}: ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const stuck = await waitFor(
      async () => {
        let count = 0;
        for await (const _ of scenario.client.workflow.list({
          query: `TemporalReportedProblems IN ('category=WorkflowTaskFailed')`,
        }))
          count++;
        return count;
      },
      { what: 'the list of stuck workflows' },
    );
    expect(stuck).toBe(0);
    expect(scenario.service.lines.filter((line) => /is stuck|workflow task failed/.test(line))).toEqual([]);
    // Replay fixtures (npm run record-histories): a poller that took pollNow and one that did not, a
    // gauge poller, the clusterer and the maintenance runs, all through the kills.
    const kept = [
      scenario.workflowIds[0]!,
      scenario.workflowIds[3]!,
      scenario.workflowIds.at(-1)!,
      CLUSTERER,
    ];
    for (const id of kept) await recordHistories(scenario.client, id, `kills ${id.split(':').pop() ?? id}`);
    for (const id of maintenance) await recordHistories(scenario.client, id, 'kills');
  });

  it('tells the truth all along: never unknown, never healthy on an old poll, never a 5xx', () => {
    expect([...apiStatuses]).toEqual([200]);
    expect(sampled.length).toBeGreaterThan(20);
    const lies = sampled.flatMap(({ at, states }) =>
      states.flatMap((state) => {
        if (state.status === 'unknown') return [`${new Date(at).toISOString()} ${state.feed}: unknown`];
        const age = state.lastPolled ? at - Date.parse(state.lastPolled) : Infinity;
        // Healthy means polled within the interval, the poll's own time and the overdue grace (ADR 5).
        return state.status === 'healthy' && age > 2 * scenario.intervalSeconds * 1000 + 60_000
          ? [`${new Date(at).toISOString()} ${state.feed}: healthy, polled ${Math.round(age / 1000)} s ago`]
          : [];
      }),
    );
    expect(lies).toEqual([]);
  });
});
