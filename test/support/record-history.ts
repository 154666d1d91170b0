import { mkdir, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { inject } from 'vitest';

/** Where the replay tests read recorded histories (test/workflows/replay-histories.test.ts). */
export const HISTORIES_DIR = join(import.meta.dirname, '..', 'workflows', 'histories');

/** A history without its failures' stack traces: they name the recording machine's files, and replay reads none. */
export function withoutStackTraces(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStackTraces);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      key === 'stackTrace' ? [] : [[key, withoutStackTraces(inner)]],
    ),
  );
}

/** A file name from a test's words (the test's own name, without its describe): lower case, dashes. */
export function scenarioName(words: string): string {
  return (words.split(' > ').at(-1) ?? words)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * When recording (`npm run record-histories`), writes every run of the workflow (continue-as-new
 * makes several), oldest first, as `<workflow type>--<scenario>.run<n>.json.gz` (the JSON of
 * `temporal workflow show --output json`, gzipped: histories repeat themselves): the fixtures the
 * replay tests replay with today's workflow code. Does nothing otherwise.
 */
export async function recordHistories(client: Client, workflowId: string, scenario: string): Promise<void> {
  const dir = inject('recordHistoriesDir');
  if (!dir) return;
  const runs: { runId: string; type: string; startTime: Date }[] = [];
  for await (const info of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    runs.push({ runId: info.runId, type: info.type, startTime: info.startTime });
  }
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  await mkdir(dir, { recursive: true });
  for (const [i, run] of runs.entries()) {
    const history = await client.workflow.getHandle(workflowId, run.runId).fetchHistory();
    const file = `${run.type}--${scenarioName(scenario)}.run${i + 1}.json.gz`;
    const json = JSON.stringify(withoutStackTraces(JSON.parse(historyToJSON(history))));
    await writeFile(join(dir, file), gzipSync(`${json}\n`, { level: 9 }));
  }
}
