import type { Metric, Registry } from 'prom-client';

/** A series as the registry renders it: its labels and value, and its name when not the metric's. */
interface SeriesValue {
  readonly metricName?: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

/** One route template and method: its latency buckets (each its own count), sum, and answers by status. */
interface RouteTally {
  readonly route: string;
  readonly method: string;
  readonly buckets: Float64Array;
  sum: number;
  count: number;
  readonly statuses: Map<number, number>;
}

type SeriesType = 'counter' | 'histogram';

/** What the registry asks of a metric it renders: its name, help, type and, when scraped, its series. */
interface Collected {
  readonly name: string;
  readonly help: string;
  readonly type: SeriesType;
  readonly aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: SeriesType; aggregator: 'sum'; values: SeriesValue[] }>;
}

/**
 * The registry renders any object of this shape (prom-client's custom collectors); its typings name
 * only its own metric classes, hence the one cast.
 */
const asMetric = (collected: Collected) => collected as unknown as Metric;

export interface RequestTallyNames {
  /** The counter of requests, by route, method and status. */
  readonly count: { readonly name: string; readonly help: string };
  /** The latency histogram, by route and method. */
  readonly duration: { readonly name: string; readonly help: string; readonly buckets: readonly number[] };
}

/**
 * Requests counted and timed in plain numbers, turned into Prometheus series only when scraped.
 * A prom-client counter or histogram checks and hashes its labels on every increment, several
 * microseconds a request on the hottest path of an API replica; here a request costs one map lookup
 * and a few additions, and the labels are written once per series at scrape time. The series read
 * exactly as prom-client's own counter and histogram would write them.
 */
export class RequestTally {
  private readonly routes = new Map<string, RouteTally>();
  private readonly bounds: readonly number[];

  constructor(
    registry: Registry,
    private readonly names: RequestTallyNames,
  ) {
    this.bounds = [...names.duration.buckets].sort((a, b) => a - b);
    registry.registerMetric(asMetric(this.collected('counter', names.count, () => this.countValues())));
    registry.registerMetric(
      asMetric(this.collected('histogram', names.duration, () => this.durationValues())),
    );
  }

  /** One answered request: its method and route template (bounded by the caller), status and time. */
  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let tally = this.routes.get(key);
    if (!tally) {
      tally = {
        route,
        method,
        buckets: new Float64Array(this.bounds.length + 1),
        sum: 0,
        count: 0,
        statuses: new Map(),
      };
      this.routes.set(key, tally);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket += 1;
    tally.buckets[bucket]! += 1;
    tally.sum += seconds;
    tally.count += 1;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  }

  private collected(
    type: SeriesType,
    about: { name: string; help: string },
    values: () => SeriesValue[],
  ): Collected {
    const { name, help } = about;
    return {
      name,
      help,
      type,
      aggregator: 'sum',
      get: () => Promise.resolve({ name, help, type, aggregator: 'sum', values: values() }),
    };
  }

  private countValues(): SeriesValue[] {
    const values: SeriesValue[] = [];
    for (const { route, method, statuses } of this.routes.values()) {
      for (const [status, value] of statuses) values.push({ labels: { route, method, status }, value });
    }
    return values;
  }

  /** Cumulative buckets (`le`), then the sum and the count, per series, as the text format orders them. */
  private durationValues(): SeriesValue[] {
    const name = this.names.duration.name;
    const values: SeriesValue[] = [];
    for (const { route, method, buckets, sum, count } of this.routes.values()) {
      let cumulative = 0;
      buckets.forEach((inBucket, i) => {
        cumulative += inBucket;
        const le = i < this.bounds.length ? this.bounds[i]! : '+Inf';
        values.push({ metricName: `${name}_bucket`, labels: { le, route, method }, value: cumulative });
      });
      values.push({ metricName: `${name}_sum`, labels: { route, method }, value: sum });
      values.push({ metricName: `${name}_count`, labels: { route, method }, value: count });
    }
    return values;
  }
}
