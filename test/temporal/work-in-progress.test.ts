import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TemporalWorkSource } from '../../api/pages/work-in-progress.js';
import type { ArchiveLoadInput } from '../../workflows/index.js';
import { waitFor } from '../support/harness.js';

/**
 * The status page's list of long jobs, read from the run's dev server: an archive load held in its
 * first activity is listed with the phase its `progress` query answers, and leaves the list when it ends.
 */
describe('archive loads and backfills in progress, as the status page reads them', () => {
  const taskQueue = `pages-work-${randomUUID().slice(0, 8)}`;
  const workflowId = `archive-load-pages-${randomUUID().slice(0, 8)}`;
  let connection: Connection;
  let client: Client;
  let worker: Worker;
  let running: Promise<void>;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    connection = await Connection.connect({ address: inject('temporalAddress') });
    client = new Client({ connection });
    worker = await Worker.create({
      connection: await NativeConnection.connect({ address: inject('temporalAddress') }),
      taskQueue,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      // The load's first step waits until the test has seen it; nothing is loaded.
      activities: {
        prepareArchiveLoad: async () => {
          await held;
          return {};
        },
      },
    });
    running = worker.run();
  });

  afterAll(async () => {
    release();
    await client.workflow
      .getHandle(workflowId)
      .terminate('test finished')
      .catch(() => undefined);
    worker.shutdown();
    await running;
    await connection.close();
  });

  it('lists a running archive load with its progress, then no longer once it ended', async () => {
    const source = new TemporalWorkSource(client, 200);
    source.start();
    try {
      const input: ArchiveLoadInput = {
        file: '/nowhere/archive.csv',
        format: 'interchange',
        source: 'pages-test',
        warehouseTaskQueue: taskQueue,
      };
      await client.workflow.start('archiveLoad', { taskQueue, workflowId, args: [input] });
      const listed = await waitFor(
        () =>
          Promise.resolve(
            source.current().find((work) => work.workflowId === workflowId && work.progress !== undefined),
          ),
        { what: 'the load in the list, with its progress' },
      );
      expect(listed.kind).toBe('archive-load');
      expect(listed.progress).toMatchObject({ phase: 'preparing', source: 'pages-test' });
      await client.workflow.getHandle(workflowId).terminate('seen');
      await waitFor(
        () =>
          Promise.resolve(source.current().some((work) => work.workflowId === workflowId) ? undefined : true),
        { what: 'the load to leave the list' },
      );
    } finally {
      source.stop();
    }
  });
});
