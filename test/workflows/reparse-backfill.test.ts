import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorPath } from '../../config/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { reparseBackfill, reparseProgressQuery } from '../../workflows/index.js';
import { NSW_FEED, startHarness, type Harness } from '../support/harness.js';
import { recordHistories } from '../support/record-history.js';

/**
 * The re-parse backfill as the service runs it: bodies the poller stored, the workflow on the ingest
 * queue, its activities in the warehouse worker. Today's parser is the one that made the history, so
 * every version comes out unchanged (test/backfill covers a parser that changed).
 */
describe('reparseBackfill on a real Temporal dev server', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('re-reads the bodies the poller kept and reports every version it compared', async () => {
    const incidents = syntheticNswIncidents(6, 9);
    h.replay.script(mirrorPath(NSW_FEED), [
      { kind: 'document', body: renderNswMajorIncidents(incidents) },
      { kind: 'document', body: renderNswMajorIncidents(incidents.slice(0, 5)) },
    ]);
    await h.startPoller();
    await h.pollNow();
    const today = new Date().toISOString().slice(0, 10);
    const handle = await h.client.workflow.start(reparseBackfill, {
      workflowId: `backfill-${randomUUID().slice(0, 8)}`,
      taskQueue: h.settings.INGEST_TASK_QUEUE,
      args: [
        {
          feedKey: NSW_FEED.key,
          from: today,
          to: today,
          warehouseTaskQueue: h.settings.WAREHOUSE_TASK_QUEUE,
        },
      ],
    });
    const counts = await handle.result();
    await recordHistories(h.client, handle.workflowId, 'reparse after a parser fix');
    // One poll opened versions (the second only retracted): every version it opened is live.
    expect(counts).toMatchObject({ polls: 1, bodiesMissing: 0, changed: 0, unmatched: 0, generations: 0 });
    expect(counts.unchanged).toBe(counts.versions);
    expect(counts.versions).toBeGreaterThanOrEqual(6);
    const progress = await handle.query(reparseProgressQuery);
    expect(progress).toMatchObject({ phase: 'done', totalPolls: 1, reachesLatest: true });
  });
});
