import { join } from 'node:path';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BoardFeedHealthSource } from '../../api/feed-health-source.js';
import { WorkflowHealthBoard } from '../../api/workflow-health/board.js';
import { mirrorPath } from '../../config/index.js';
import type { FeedHealth } from '../../model/index.js';
import { renderNswMajorIncidents, syntheticNswIncidents } from '../../replay/generators/nsw-rfs.js';
import { createServiceLog } from '../../runtime/log.js';
import { keptFeedPollers, pollerInput } from '../../runtime/pollers.js';
import { keepWorkflow } from '../../runtime/workflow-doctor.js';
import { healthQuery } from '../../workflows/index.js';
import { NSW_FEED, startHarness, waitFor, type Harness } from '../support/harness.js';

/**
 * A poller whose workflow task keeps failing (here a bug in its code; in the field a history that no
 * longer replays) never polls again by itself. Health must say so, with the error, and the ingest
 * worker's doctor must end it and start it again from what it kept.
 */
describe('a stuck poller', () => {
  let h: Harness;
  let broken: Worker;
  let brokenRun: Promise<void>;
  let nativeConnection: NativeConnection;
  const brokenQueue = `broken-${Date.now()}`;
  const lines: string[] = [];
  const log = createServiceLog({
    process: 'ingest',
    level: 'info',
    format: 'text',
    write: (l) => lines.push(l),
  });
  const kept: FeedHealth = {
    feedKey: NSW_FEED.key,
    state: 'nsw',
    agency: 'rfs',
    status: 'healthy',
    lastOutcome: 'committed',
    lastPolled: new Date().toISOString(),
    incidentCount: 3,
    polls: 7,
    errorCount: 1,
    consecutiveFailures: 0,
    guardTrips: 0,
    unmappedValues: 0,
    droppedRecords: 0,
  };

  beforeAll(async () => {
    h = await startHarness();
    h.replay.script(mirrorPath(NSW_FEED), [
      { kind: 'document', body: renderNswMajorIncidents(syntheticNswIncidents(3, 5)) },
    ]);
    const bundle = await bundleWorkflowCode({
      workflowsPath: join(import.meta.dirname, '..', 'support', 'broken-workflows.ts'),
      logger: new DefaultLogger('WARN'),
    });
    nativeConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
    broken = await Worker.create({
      connection: nativeConnection,
      taskQueue: brokenQueue,
      workflowBundle: { code: bundle.code },
    });
    brokenRun = broken.run();
    await h.client.workflow.start('feedPoller', {
      workflowId: h.workflowId,
      taskQueue: brokenQueue,
      args: [{ ...pollerInput(NSW_FEED, h.settings), pollIntervalSeconds: 3600, carried: { health: kept } }],
    });
  });

  afterAll(async () => {
    broken?.shutdown();
    await brokenRun;
    await nativeConnection?.close();
    await h?.stop();
  });

  it('reads down, with its workflow task’s error, as soon as the server flags it', async () => {
    const board = new WorkflowHealthBoard(h.client, [h.workflowId]);
    const source = new BoardFeedHealthSource(board, () => h.workflowId);
    const health = await waitFor(
      async () => {
        await board.read();
        const [feed] = await source.read([NSW_FEED]);
        return feed?.lastErrorKind === 'workflow-task' ? feed : undefined;
      },
      { timeoutMs: 90_000, what: 'the stuck poller to read down' },
    );
    expect(health.status).toBe('down');
    expect(health.lastError).toContain('a bug in the poller’s workflow code');
    // What it recorded before it got stuck stays visible.
    expect(health).toMatchObject({ polls: 7, incidentCount: 3 });
  });

  it('is ended and started again from what it kept, with one log line naming the error', async () => {
    const stuckRun = (await h.client.workflow.getHandle(h.workflowId).describe()).runId;
    const [definition] = keptFeedPollers(h.settings, [NSW_FEED], false);
    const result = await keepWorkflow(h.client, { ...definition!, workflowId: h.workflowId }, log);
    expect(result).toBe('restarted');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\[ingest\\] WARN ${h.workflowId} is stuck: its workflow task fails \\(.*a bug in the poller’s workflow code.*\\); starting it again`,
        ),
      ) as unknown,
    ]);
    expect((await h.client.workflow.getHandle(h.workflowId, stuckRun).describe()).status.name).toBe(
      'TERMINATED',
    );

    // The new run polls on the working queue, carrying on from the stuck run's health.
    const after = await waitFor(
      async () => {
        const health = await h.client.workflow.getHandle(h.workflowId).query(healthQuery);
        return health.polls > 7 ? health : undefined;
      },
      { what: 'a poll of the new run' },
    );
    expect(after).toMatchObject({ polls: 8, status: 'healthy', incidentCount: 3, errorCount: 1 });
    // Nothing more to do on the next check.
    expect(await keepWorkflow(h.client, { ...definition!, workflowId: h.workflowId }, log)).toBe('running');
    expect(lines).toHaveLength(1);
  });
});
