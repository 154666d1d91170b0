import { requestMetrics } from '../../api/request-metrics.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { benchApp } from './bench-app.js';

export interface InProcessCost {
  path: string;
  /** Median CPU time of one request through the app, metrics off and on (µs). */
  offUs: number;
  onUs: number;
  /** Time spent in the request observer itself, per request (µs): the part the rounds' noise hides. */
  observerUs: number;
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
 * The metrics' cost without the network's noise: one app over the lake, whose request observer (the
 * one an API process with METRICS_PORT has) is switched on and off between rounds, so both sides run
 * the same code, warmed alike; driven through `fetch` in alternating rounds (each side as often first),
 * medians compared. What a request costs the server besides the app (parsing, sockets) is left out,
 * so the share of the app's work printed is an upper bound of the share of a whole request.
 */
export async function metricsCostInProcess(
  lakeDir: string,
  workDir: string,
  paths: readonly string[],
  options: { rounds: number; requests: number },
): Promise<InProcessCost[]> {
  const store = await ServingStore.open(lakeDir);
  const observe = requestMetrics();
  let observing = false;
  let observed = 0;
  let observerMs = 0;
  const { app, access, token } = await benchApp(store, workDir, undefined, {
    observe: (c, started) => {
      if (!observing) return;
      const began = performance.now();
      observe(c, started);
      observerMs += performance.now() - began;
      observed += 1;
    },
  });
  try {
    const fetch: Fetch = app.fetch;
    const authorization = `Bearer ${token}`;
    const costs: InProcessCost[] = [];
    for (const path of paths) {
      const spent = { on: [] as number[], off: [] as number[] };
      observed = 0;
      observerMs = 0;
      const url = `http://127.0.0.1${path}`;
      await round(fetch, url, authorization, options.requests); // warm-up
      for (let i = 0; i < options.rounds; i++) {
        for (const on of i % 2 === 0 ? [false, true] : [true, false]) {
          observing = on;
          spent[on ? 'on' : 'off'].push(await round(fetch, url, authorization, options.requests));
        }
      }
      costs.push({
        path,
        offUs: median(spent.off),
        onUs: median(spent.on),
        observerUs: (observerMs * 1000) / observed,
      });
    }
    return costs;
  } finally {
    access.close();
    store.close();
  }
}
