import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { describe, expect, inject, it } from 'vitest';
import { requireSharedFolder } from '../../replay/shared-samples.js';
import * as workflows from '../../workflows/index.js';
import { HISTORIES_DIR } from '../support/record-history.js';

/** A recorded history: what `temporal workflow show --output json` writes. */
interface HistoryJson {
  events: { workflowExecutionStartedEventAttributes?: { workflowType?: { name?: string } } }[];
}

const fixtures = readdirSync(HISTORIES_DIR)
  .filter((file) => file.endsWith('.json.gz'))
  .sort()
  .map((file) => ({
    file,
    json: JSON.parse(gunzipSync(readFileSync(join(HISTORIES_DIR, file))).toString('utf8')) as HistoryJson,
  }));

const typeOf = (history: HistoryJson) =>
  history.events[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;

/** Replays each history with a workflow bundle; the failures, by file. */
async function replayAll(
  workflowBundle: { codePath: string } | { code: string },
  histories: { file: string; json: HistoryJson }[],
): Promise<Record<string, string>> {
  const failures: Record<string, string> = {};
  const results = Worker.runReplayHistories(
    { workflowBundle, replayName: 'replay-histories' },
    histories.map(({ file, json }) => ({ workflowId: file, history: json })),
  );
  for await (const result of results) {
    if (result.error) failures[result.workflowId] = result.error.message;
  }
  return failures;
}

/**
 * Histories of running workflows must replay with today's code, or every running poller fails its
 * next workflow task after a deploy (ADR 20). The fixtures are real runs, recorded by the Temporal
 * suites themselves (`npm run record-histories`): kills, continue-as-new, pollNow, failures.
 */
describe('replaying recorded workflow histories with today’s workflow code', () => {
  const bundle = { codePath: inject('workflowBundlePath') };

  it('replays the poller history of a SIGKILL under load that once got stuck (../shared)', async () => {
    const file = requireSharedFolder('reference/temporal/feed-poller-nondeterminism-history.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as HistoryJson;
    expect(await replayAll(bundle, [{ file: 'feed-poller-nondeterminism-history.json', json }])).toEqual({});
  });

  it('reads JSON histories (one protobufjs in the install: two copies break historyFromJSON)', () => {
    for (const { file, json } of fixtures) {
      expect(historyFromJSON(json).events?.length, file).toBe(json.events.length);
    }
  });

  it('holds a history of every workflow type', () => {
    const recorded = new Set(fixtures.map(({ json }) => typeOf(json)));
    const types = Object.entries(workflows)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    expect(types.filter((type) => !recorded.has(type))).toEqual([]);
  });

  it('replays every recorded history', async () => {
    expect(fixtures.length).toBeGreaterThan(0);
    expect(await replayAll(bundle, fixtures)).toEqual({});
  }, 180_000);

  it('fails a change that would break a running poller (a command before the first poll)', async () => {
    const changed = await bundleWorkflowCode({
      workflowsPath: join(import.meta.dirname, 'histories', 'changed-workflows.ts'),
      logger: new DefaultLogger('WARN'),
    });
    const pollers = fixtures.filter(({ json }) => typeOf(json) === 'feedPoller').slice(0, 2);
    const failures = await replayAll({ code: changed.code }, pollers);
    expect(Object.keys(failures)).toEqual(pollers.map(({ file }) => file));
    for (const message of Object.values(failures)) expect(message).toMatch(/[Nn]ondeterminism/);
  }, 120_000);
});
