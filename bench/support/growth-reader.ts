import { createInterface } from 'node:readline';
import { benchApp } from './bench-app.js';
import { ServingStore } from '../../lake/serving/serving-store.js';

/**
 * The API side of the growth benchmark, in a process of its own so its memory is its own: opens the
 * lake, then answers commands on stdin with one JSON line each (swap, query timings, RSS).
 */
const [lakeDir = '', workDir = ''] = process.argv.slice(2);
const opened = performance.now();
const store = await ServingStore.open(lakeDir, { checkIntervalMs: 3_600_000 });
const openMs = performance.now() - opened;
const { app, access, token } = await benchApp(store, workDir);
const headers = { authorization: `Bearer ${token}` };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

/** p50/p95 of a request; each run changes `limit`, so the response cache never answers. */
async function timed(path: (run: number) => string, runs = 15) {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await app.request(path(run), { headers });
    const body = (await response.json()) as { meta?: { total_count?: number }; status?: number };
    if (response.status !== 200)
      throw new Error(`${path(run)} answered ${response.status}: ${JSON.stringify(body)}`);
    times.push(performance.now() - started);
    rows = body.meta?.total_count ?? 0;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

const reply = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
reply({ ready: true, openMs, generation: store.current.generation });

for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...args] = line.split(' ');
  if (command === 'swap') {
    const started = performance.now();
    await store.refresh();
    reply({ swapMs: performance.now() - started, generation: store.current.generation });
  } else if (command === 'snapshot') {
    const [datetime = '', state = 'nsw'] = args;
    reply(
      await timed(
        (run) =>
          `/v1/incidents/snapshot?datetime=${encodeURIComponent(datetime)}&state=${state}&limit=${100 + run}`,
      ),
    );
  } else if (command === 'history') {
    const [after = '', before = '', state = 'nsw'] = args;
    reply(
      await timed(
        (run) =>
          `/v1/incidents/history?state=${state}&after=${encodeURIComponent(after)}&before=${encodeURIComponent(before)}&limit=${100 + run}`,
      ),
    );
  } else if (command === 'rss') {
    reply({ rss: process.memoryUsage().rss });
  } else if (command === 'exit') {
    break;
  }
}
store.close();
access.close();
process.exit(0);
