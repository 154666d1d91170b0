import { Hono } from 'hono';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { requestEnvelope } from '../../api/envelope.js';
import type { AppEnv } from '../../api/env.js';
import { requestMetrics } from '../../api/request-metrics.js';
import { RequestTally } from '../../telemetry/request-tally.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const NAMES = {
  count: { name: 'test_requests_total', help: 'Requests.' },
  duration: { name: 'test_request_duration_seconds', help: 'Request time.', buckets: BUCKETS },
};

/** A scrape's lines, sorted: the text format does not order series within a metric. */
async function linesOf(registry: Registry): Promise<string[]> {
  return (await registry.metrics())
    .split('\n')
    .filter((line) => line !== '')
    .sort();
}

function tallied() {
  const registry = new Registry();
  return { registry, tally: new RequestTally(registry, NAMES) };
}

describe('RequestTally', () => {
  it('renders the same series as prom-client’s own counter and histogram fed the same requests', async () => {
    const own = new Registry();
    const counter = new Counter({
      ...NAMES.count,
      labelNames: ['route', 'method', 'status'],
      registers: [own],
    });
    const histogram = new Histogram({ ...NAMES.duration, labelNames: ['route', 'method'], registers: [own] });
    const { registry, tally } = tallied();
    // Values on a bound fall in that bound's bucket (le is "less than or equal"); beyond the last, +Inf.
    const requests: [string, string, number, number][] = [
      ['GET', '/v1/incidents', 200, 0.0004],
      ['GET', '/v1/incidents', 200, 0.001],
      ['GET', '/v1/incidents', 304, 0.0101],
      ['GET', '/v1/incidents', 503, 2.5],
      ['POST', '/v1/subscriptions', 201, 0.1],
      ['GET', '/v1/incidents/:id', 404, 0.05],
      ['GET', 'unmatched', 404, 0],
    ];
    for (const [method, route, status, seconds] of requests) {
      counter.inc({ route, method, status: String(status) });
      histogram.observe({ route, method }, seconds);
      tally.record(method, route, status, seconds);
    }
    expect(await linesOf(registry)).toEqual(await linesOf(own));
  });

  it('renders only the help and type of each metric before the first request', async () => {
    const { registry } = tallied();
    expect(await linesOf(registry)).toEqual([
      '# HELP test_request_duration_seconds Request time.',
      '# HELP test_requests_total Requests.',
      '# TYPE test_request_duration_seconds histogram',
      '# TYPE test_requests_total counter',
    ]);
  });
});

describe('requestMetrics', () => {
  it('labels each request by its route template and method, never the raw path', async () => {
    const { registry, tally } = tallied();
    const app = new Hono<AppEnv>();
    app.use('*', requestEnvelope(undefined, requestMetrics(tally)));
    app.get('/v1/incidents/:id', (c) => c.json({ id: c.req.param('id') }));
    app.post('/v1/things', (c) => c.body(null, 201));
    for (const id of ['a', 'b', 'c']) await app.request(`/v1/incidents/${id}`);
    await app.request('/v1/things', { method: 'POST' });
    await app.request('/no/such/path');
    await app.request('/v1/incidents/a', { method: 'BREW' });
    const counts = (await linesOf(registry)).filter((line) => line.startsWith('test_requests_total{'));
    expect(counts).toEqual([
      'test_requests_total{route="/v1/incidents/:id",method="GET",status="200"} 3',
      'test_requests_total{route="/v1/things",method="POST",status="201"} 1',
      'test_requests_total{route="unmatched",method="GET",status="404"} 1',
      'test_requests_total{route="unmatched",method="other",status="404"} 1',
    ]);
    const timed = (await linesOf(registry)).filter((line) =>
      line.startsWith('test_request_duration_seconds_count'),
    );
    expect(timed).toContain('test_request_duration_seconds_count{route="/v1/incidents/:id",method="GET"} 3');
  });
});
