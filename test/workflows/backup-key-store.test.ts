import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../api/access/issue.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';
import { dataLayout, keyBackupLocationOf } from '../../config/index.js';
import { listBackups, readBackupRecord } from '../../lake/backups/key-store-backups.js';
import { openLakeStorage } from '../../lake/storage/open-storage.js';
import { ensureKeyStoreBackupSchedule, KEY_STORE_BACKUP_SCHEDULE_ID } from '../../runtime/schedules.js';
import { startHarness, waitFor, type Harness } from '../support/harness.js';
import { recordHistories } from '../support/record-history.js';

/** The key store backup as it runs in service: its Temporal schedule starts the workflow on the ingest workers. */
describe('the key store backup schedule', () => {
  let h: Harness;
  let workflowId: string | undefined;
  beforeAll(async () => {
    h = await startHarness({ KEY_BACKUP_MINUTES: '60' });
  });
  afterAll(async () => {
    await h.client.schedule
      .getHandle(KEY_STORE_BACKUP_SCHEDULE_ID)
      .delete()
      .catch(() => undefined);
    if (workflowId) await recordHistories(h.client, workflowId, 'backs up on its schedule');
    await h.stop();
  });

  it('backs up the store the API processes use, once per run, into KEY_BACKUP_URL', async () => {
    const access = SqliteAccessStore.open(dataLayout(h.settings.DATA_DIR).accessDbFile);
    for (const tier of ['free', 'pro', 'enterprise'] as const) await issueKey(access, { tier }, new Date());
    const schedule = h.client.schedule.getHandle(KEY_STORE_BACKUP_SCHEDULE_ID);
    // The namespace is shared with the other suites' services, which make this schedule for their own
    // task queues: this suite's made afresh (again if one of theirs got there in between).
    await waitFor(
      async () => {
        await schedule.delete().catch(() => undefined);
        await ensureKeyStoreBackupSchedule(h.client, h.settings);
        const { action } = await schedule.describe();
        return action.type === 'startWorkflow' && action.taskQueue === h.settings.INGEST_TASK_QUEUE
          ? true
          : undefined;
      },
      { what: "this suite's own schedule" },
    );
    expect((await schedule.describe()).spec.intervals).toMatchObject([{ every: 3_600_000 }]);
    await schedule.trigger();
    const started = await waitFor(
      async () => (await schedule.describe()).info.recentActions[0]?.action.workflow.workflowId,
      { what: 'the scheduled run' },
    );
    workflowId = started;
    const result: unknown = await h.client.workflow.getHandle(started).result();
    expect(result).toMatchObject({ counts: { keys: 3, revokedKeys: 0, subscriptions: 0 }, removed: [] });
    const storage = openLakeStorage(keyBackupLocationOf(h.settings));
    const { finished } = await listBackups(storage);
    expect(finished).toHaveLength(1);
    const record = await readBackupRecord(storage, finished[0]!);
    expect(record.files.map((file) => file.name)).toEqual(['access.sqlite']);
    access.close();
  });
});
