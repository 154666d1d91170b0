import { request, type IncomingMessage } from 'node:http';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMetrics } from '../../api/request-metrics.js';
import { likelyMeant } from '../../api/request-rules.js';
import { RequestTally } from '../../telemetry/request-tally.js';
import { startClientTestApi, type ClientTestApi } from '../client/client-test-api.js';
import { bearer } from '../support/keys.js';

interface Problem {
  type: string;
  status: number;
  detail?: string;
  didYouMean?: string;
}
interface Schema {
  type?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  example?: string;
}
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; allowEmptyValue?: boolean; schema?: Schema }[];
  responses: Record<string, unknown>;
  tags?: string[];
}
interface Document {
  info: { description?: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** A value for each path parameter of the document, so every operation can be called. */
const PATH_VALUES: Record<string, string> = {
  id: 'nsw-rfs-1',
  path: 'incidents_live/none.parquet',
  name: 'current.geojson',
  postcode: '2000',
  agrn: '1000',
};

/** Parameters that go together (the operations' descriptions say so): one is sent with the others. */
const TOGETHER = [['lat', 'lng', 'radius']];
/** Values that need another parameter (as their descriptions say). */
const NEEDS: Record<string, Record<string, string>> = { 'groupBy=lga': { state: 'nsw' } };

/** The values of a list pattern `^(?:a|b)(?:,(?:a|b))*$`, as the document states them. */
function listValues(pattern: string): string[] | undefined {
  const alternatives = /^\^\(\?:([^()]*)\)\(\?:,/.exec(pattern)?.[1];
  return alternatives?.split('|').map((value) => value.replace(/\\(.)/g, '$1'));
}

/** A value the document says is valid for `schema`; undefined when it says too little to pick one. */
function validValue(schema: Schema): string | undefined {
  if (schema.enum) return schema.enum[0];
  if (schema.minimum !== undefined) return String(schema.minimum);
  if (schema.format === 'date-time') return '2026-11-20T00:00:00Z';
  if (schema.format === 'date') return '2025-06-01';
  if (schema.pattern) return listValues(schema.pattern)?.join(',') ?? schema.example;
  return undefined;
}

/** Values the document says are valid, and values it says are not, for one parameter. */
function probes(schema: Schema): { valid: string[]; invalid: string[] } {
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    return {
      valid: [String(schema.minimum), String(schema.maximum)],
      invalid: [String(schema.minimum - 1), String(schema.maximum + 1)],
    };
  }
  if (schema.enum) return { valid: schema.enum.map(String), invalid: ['not-a-value'] };
  if (schema.format === 'date')
    return { valid: ['2025-06-01', '2024-02-29'], invalid: ['2025-02-30', '1 June'] };
  const list = schema.pattern ? listValues(schema.pattern) : undefined;
  if (list) return { valid: [list.join(','), list[0]!], invalid: ['not-a-value', `${list[0]},not-a-value`] };
  if (schema.pattern) {
    return {
      valid: schema.example === undefined ? [] : [String(schema.example)],
      invalid: ['!', ''.padEnd(3, ',')],
    };
  }
  return { valid: [], invalid: [] };
}

/** The request rules every operation keeps: declared query parameters only, 405 for other methods. */
describe('request rules over loopback HTTP', () => {
  let api: ClientTestApi;
  let base: string;
  let headers: Record<string, string>;
  let document: Document;
  const registry = new Registry();
  const tally = new RequestTally(registry, {
    count: { name: 'test_requests_total', help: 'Requests.' },
    duration: { name: 'test_request_seconds', help: 'Request time.', buckets: [0.1] },
  });

  beforeAll(async () => {
    api = await startClientTestApi({ observe: requestMetrics(tally) });
    base = api.base;
    headers = bearer(api.token);
    document = (await (await fetch(`${base}/v1/openapi.json`)).json()) as Document;
  });
  afterAll(() => api?.close());

  const call = (path: string, method = 'GET') =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
  const problemOf = async (response: Response) => {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    return (await response.json()) as Problem;
  };

  it('refuses a misspelt parameter, naming the one it most likely meant, instead of ignoring it', async () => {
    for (const [path, meant] of [
      ['/v1/incidents?stat=nsw', 'state'],
      ['/v1/incidents?eventtype=bushfire', 'eventType'],
      ['/v1/incidents/nearby?lat=-33.9&lng=151.2&raduis=10', 'radius'],
      ['/v1/gauges?floodclass=major', 'floodClass'],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(400);
      const problem = await problemOf(response);
      expect(problem.type).toBe('/v1/problems/unknown-parameter');
      expect(problem.didYouMean, path).toBe(meant);
      expect(problem.detail).toContain(`did you mean \`${meant}\`?`);
    }
    const far = await problemOf(await call('/v1/incidents?colour=red'));
    expect(far.didYouMean).toBeUndefined();
    expect(far.detail).toMatch(/^unknown parameter `colour` \(it takes state, eventType, /);
  });

  it('refuses an undeclared parameter on every operation of the document, and says so in it', async () => {
    const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ template, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { template, method, operation } of operations) {
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
      const response = await call(`${path}?zzz=1`, method.toUpperCase());
      const label = `${method.toUpperCase()} ${template}`;
      expect(response.status, label).toBe(400);
      expect((await problemOf(response)).type, label).toBe('/v1/problems/unknown-parameter');
      expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['400', '431']));
      // Listed under one group of the document, not "default".
      expect(operation.tags, label).toHaveLength(1);
      expect(
        document.tags.map((tag) => tag.name),
        label,
      ).toContain(operation.tags?.[0]);
    }
    expect(document.info.description).toMatch(/400 `unknown-parameter`/);
    expect(document.info.description).toMatch(/405 `method-not-allowed`/);
  });

  it('accepts every value the document says is valid and refuses, naming the parameter, what it says is not', async () => {
    let checked = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      const operation = methods.get;
      // The stream stays open: its filters are the tokens' (POST /v1/stream/tokens), checked elsewhere.
      if (!operation || template === '/v1/stream') continue;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const base = (name: string) => {
        const partners = TOGETHER.find((group) => group.includes(name)) ?? [];
        const needed = query.filter((p) => p.name !== name && (p.required || partners.includes(p.name)));
        return needed.map((p) => [p.name, validValue(p.schema ?? {}) ?? 'x'] as [string, string]);
      };
      for (const { name, schema = {} } of query) {
        const { valid, invalid } = probes(schema);
        for (const [value, ok] of [
          ...valid.map((v) => [v, true] as const),
          ...invalid.map((v) => [v, false] as const),
        ]) {
          const search = new URLSearchParams([
            ...base(name),
            [name, value],
            ...Object.entries(NEEDS[`${name}=${value}`] ?? {}),
          ]);
          const response = await call(`${path}?${search.toString()}`);
          const label = `${template}?${search.toString()}`;
          const problem = response.status === 400 ? await problemOf(response) : undefined;
          const names = problem?.detail?.includes(`${name}:`) ?? false;
          expect(names, `${label}: ${response.status} ${problem?.detail ?? ''}`).toBe(!ok);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('tolerates the cache-buster `_`, every declared parameter, and an empty value as none', async () => {
    expect((await call('/v1/incidents?_=1732860000000&state=nsw&limit=1')).status).toBe(200);
    expect((await call('/v1/states?_=1')).status).toBe(200);
    // An empty value is the parameter left out, as a form with an empty field sends it: the same answer.
    const bodyOf = async (path: string) => {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      const { meta: _meta, links: _links, ...rest } = (await response.json()) as Record<string, unknown>;
      return rest;
    };
    const everyOne = await bodyOf('/v1/incidents');
    expect(
      await bodyOf(
        '/v1/incidents?cursor=&after=&state=&warningLevel=&format=&include_retracted=&limit=&bbox=',
      ),
    ).toEqual(everyOne);
    expect(await bodyOf('/v1/incidents?state=&state=nsw&limit=1')).toEqual(
      await bodyOf('/v1/incidents?state=nsw&limit=1'),
    );
    for (const path of ['/v1/events?cursor=&include_inactive=', '/v1/gauges?cursor=&floodClass=']) {
      expect((await call(path)).status, path).toBe(200);
    }
    // A required parameter sent empty is missing.
    expect((await problemOf(await call('/v1/incidents/nearby?lat=&lng=150'))).detail).toMatch(/lat/);
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const parameter of operations.get?.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        expect(parameter.allowEmptyValue ?? false, `${template} ${parameter.name}`).toBe(!parameter.required);
      }
    }
    expect(document.info.description).toMatch(/empty value .* left out/);
    expect((await problemOf(await call('/v1/incidents?cursor=abc'))).detail).toMatch(
      /^cursor: malformed cursor/,
    );
  });

  it('answers a method a path does not declare with 405 and Allow; an unknown path with 404', async () => {
    // Each path read first: an answer kept for GET is never given to another method.
    for (const path of ['/v1/incidents', '/v1/incidents/nsw-rfs-1', '/v1/status']) await call(path);
    for (const [method, path, allow] of [
      ['PUT', '/v1/incidents', 'GET, HEAD'],
      ['DELETE', '/v1/incidents/nsw-rfs-1', 'GET, HEAD'],
      ['POST', '/v1/incidents', 'GET, HEAD'],
      ['POST', '/v1/subscriptions/abc', 'DELETE, GET, HEAD'],
      ['PATCH', '/v1/subscriptions', 'GET, HEAD, POST'],
      ['GET', '/v1/declarations/point', 'POST'],
      ['OPTIONS', '/v1/states', 'GET, HEAD'],
      ['DELETE', '/v1/exports/lake/incidents_live/x.parquet', 'GET, HEAD'],
      ['POST', '/map', 'GET, HEAD'],
    ] as const) {
      const response = await call(path, method);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect((await problemOf(response)).type).toBe('/v1/problems/method-not-allowed');
    }
    // TRACE, which fetch will not send, through Node's own client.
    const trace = await new Promise<IncomingMessage>((resolve, reject) =>
      request(`${base}/v1/incidents`, { method: 'TRACE', headers }, resolve).on('error', reject).end(),
    );
    trace.resume();
    expect([trace.statusCode, trace.headers.allow]).toEqual([405, 'GET, HEAD']);
    const missing = await call('/v1/incidents/nsw-rfs-1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('allow')).toBeNull();
  });

  it('answers an unknown export name 404, as an unknown lake path', async () => {
    for (const path of [
      '/v1/exports/incidents/current.xml',
      '/v1/exports/lake/incidents_live/none.parquet',
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect((await problemOf(response)).type).toBe('/v1/problems/not-found');
    }
    expect((await call('/v1/exports/incidents/current.geojson')).status).toBe(200);
  });

  it('counts a request under the route that answered it, not the last route its path matches', async () => {
    const counted = async (route: string) => {
      const text = await registry.metrics();
      const line = new RegExp(`test_requests_total\\{route="${route}",method="GET",status="200"\\} (\\d+)`);
      return Number(line.exec(text)?.[1] ?? 0);
    };
    const [snapshot, byId] = [await counted('/v1/incidents/snapshot'), await counted('/v1/incidents/:id')];
    const answer = await call('/v1/incidents/snapshot?datetime=2026-11-20T00:00:00Z&state=nsw');
    expect(answer.status).toBe(200);
    expect(await counted('/v1/incidents/snapshot')).toBe(snapshot + 1);
    expect(await counted('/v1/incidents/:id')).toBe(byId);
  });
});

describe('the parameter a misspelt one most likely meant', () => {
  const declared = ['state', 'eventType', 'limit', 'cursor', 'include_retracted'];
  it('finds another case, a slip or two, and nothing when nothing is near', () => {
    expect(likelyMeant('EVENTTYPE', declared)).toBe('eventType');
    expect(likelyMeant('limt', declared)).toBe('limit');
    expect(likelyMeant('include_retract', declared)).toBe('include_retracted');
    expect(likelyMeant('colour', declared)).toBeUndefined();
    expect(likelyMeant('x', [])).toBeUndefined();
  });
});
