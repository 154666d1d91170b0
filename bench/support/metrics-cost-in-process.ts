import { join } from 'node:path';
import { requestMetrics } from '../../api/request-metrics.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { benchApp } from './bench-app.js';

export interface InProcessCost {
  path: string;
  /** Median CPU time of one request through the app, metrics off and on (µs). */
  offUs: number;
  onUs: number;
}

type Fetch = (request: Request) => Response | Promise<Response>;

/** CPU time (µs, this process) of `count` requests for `url` made one after another, bodies read. */
async function round(fetch: Fetch, url: string, authorization: string, count: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const response = await fetch(new Request(url, { headers: { authorization } }));
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  }
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The metrics' cost without the network's noise: the same app over the same lake twice in this
 * process, one observing every request as an API process with METRICS_PORT does, one not, driven
 * through `fetch` in alternating rounds (each side as often first), medians compared. What a request
 * costs the server besides the app (parsing, sockets) is left out, so the share printed is an upper
 * bound of the share of a whole request.
 */
export async function metricsCostInProcess(
  lakeDir: string,
  workDir: string,
  paths: readonly string[],
  options: { rounds: number; requests: number },
): Promise<InProcessCost[]> {
  const store = await ServingStore.open(lakeDir);
  try {
    const off = await benchApp(store, join(workDir, 'off'));
    const on = await benchApp(store, join(workDir, 'on'), undefined, { observe: requestMetrics() });
    const sides = [
      { on: false, fetch: off.app.fetch, authorization: `Bearer ${off.token}` },
      { on: true, fetch: on.app.fetch, authorization: `Bearer ${on.token}` },
    ];
    const costs: InProcessCost[] = [];
    for (const path of paths) {
      const spent = { on: [] as number[], off: [] as number[] };
      const url = `http://127.0.0.1${path}`;
      for (const side of sides) await round(side.fetch, url, side.authorization, options.requests); // warm-up
      for (let i = 0; i < options.rounds; i++) {
        for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
          spent[side.on ? 'on' : 'off'].push(
            await round(side.fetch, url, side.authorization, options.requests),
          );
        }
      }
      costs.push({ path, offUs: median(spent.off), onUs: median(spent.on) });
    }
    on.access.close();
    off.access.close();
    return costs;
  } finally {
    store.close();
  }
}
