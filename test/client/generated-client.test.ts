import { readFile } from 'node:fs/promises';
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTypesOf, CLIENT_TYPES_FILE } from './client-types.js';
import { startClientTestApi, type ClientTestApi } from './client-test-api.js';
import type { paths } from './eids-api.js';

/** A JSON answer of an operation that also serves text formats (CSV, Atom): a user narrows it so. */
function json<T>(data: T): Exclude<T, string | undefined> {
  if (data === undefined || typeof data === 'string') throw new Error('expected a JSON answer');
  return data as Exclude<T, string | undefined>;
}

interface DocumentOperations {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

/**
 * The API as a TypeScript user calls it: types generated from its OpenAPI document (openapi-typescript)
 * and a client over them (openapi-fetch). Every call below is type-checked by `npm run typecheck`; the
 * test calls every GET operation of the document over loopback HTTP, and each answer's status is one
 * the document declares for the operation.
 */
describe('a client generated from the OpenAPI document', () => {
  let api: ClientTestApi;
  let client: Client<paths>;
  let document: DocumentOperations;
  const called = new Set<string>();
  const undeclared: string[] = [];

  beforeAll(async () => {
    api = await startClientTestApi();
    document = (await (await fetch(`${api.base}/v1/openapi.json`)).json()) as DocumentOperations;
    client = createClient<paths>({
      baseUrl: api.base,
      headers: { authorization: `Bearer ${api.token}`, 'accept-encoding': 'gzip, br' },
    });
    client.use({
      onResponse({ response, schemaPath, request }) {
        called.add(`${request.method} ${schemaPath}`);
        const declared = document.paths[schemaPath]?.[request.method.toLowerCase()]?.responses ?? {};
        if (!(String(response.status) in declared)) {
          undeclared.push(`${request.method} ${schemaPath}: ${response.status}`);
        }
      },
    });
  });
  afterAll(() => api?.close());

  it('is generated from the document the server serves now (npm run client:types refreshes it)', async () => {
    const committed = await readFile(CLIENT_TYPES_FILE, 'utf8');
    expect(await clientTypesOf(document)).toBe(committed);
  });

  it('reads incidents, one incident, nearby, a snapshot and history with typed parameters and answers', async () => {
    const list = await client.GET('/v1/incidents', { params: { query: { state: 'nsw', limit: 2 } } });
    const first = json(list.data).features[0];
    expect(first?.properties.source.state).toBe('nsw');
    expect(json(list.data).meta.has_more).toBe(true);

    const one = await client.GET('/v1/incidents/{id}', { params: { path: { id: first!.id } } });
    expect(one.data).toMatchObject({ id: first!.id });
    const nearby = await client.GET('/v1/incidents/nearby', {
      params: { query: { lat: -33.87, lng: 151.21, radius: 500 } },
    });
    expect(nearby.response.status).toBe(200);
    const snapshot = await client.GET('/v1/incidents/snapshot', {
      params: { query: { datetime: new Date().toISOString(), state: 'nsw' } },
    });
    expect(snapshot.response.status).toBe(200);
    const history = await client.GET('/v1/incidents/history', {
      params: { query: { after: new Date(Date.now() - 86_400_000).toISOString() } },
    });
    expect(history.response.status).toBe(200);

    const misspelt = await client.GET('/v1/incidents/{id}', { params: { path: { id: 'nsw-rfs-none' } } });
    expect(misspelt.error?.status).toBe(404);
  });

  it('reads the service, events, gauges, exports and declarations operations', async () => {
    for (const path of [
      '/',
      '/v1',
      '/readyz',
      '/v1/states',
      '/v1/schema',
      '/v1/status',
      '/v1/attribution',
    ] as const) {
      expect((await client.GET(path)).response.ok, path).toBe(true);
    }
    const events = await client.GET('/v1/events', { params: { query: { state: 'nsw', limit: 10 } } });
    expect(events.data?.features).toEqual([]);
    expect(
      (await client.GET('/v1/events/{id}', { params: { path: { id: 'evt-none' } } })).error?.status,
    ).toBe(404);

    const gauges = await client.GET('/v1/gauges', { params: { query: { variable: 'water_level' } } });
    expect(gauges.data?.gauges).toEqual([]);
    await client.GET('/v1/gauges/summary', { params: { query: { groupBy: 'state' } } });
    await client.GET('/v1/gauges/sources');
    const gauge = { params: { path: { id: 'nsw-hydstra:203014:level' } } };
    expect((await client.GET('/v1/gauges/{id}', gauge)).error?.status).toBe(404);
    await client.GET('/v1/gauges/{id}/readings', {
      params: { ...gauge.params, query: { interval: 'hourly' } },
    });

    const catalogue = await client.GET('/v1/exports');
    const file = catalogue.data?.files.find((entry) => entry.table === 'incidents_live');
    expect(file).toBeDefined();
    const parquet = await client.GET('/v1/exports/lake/{path}', {
      params: { path: { path: file!.href.replace('/v1/exports/lake/', '') } },
      parseAs: 'arrayBuffer',
    });
    expect(parquet.response.status).toBe(200);
    expect(Buffer.from(parquet.data!).subarray(0, 4).toString()).toBe('PAR1');
    const geojson = await client.GET('/v1/exports/incidents/{name}', {
      params: { path: { name: 'current.geojson' } },
    });
    expect(json(geojson.data).features.length).toBe(3);
    await client.GET('/v1/exports/cap/incidents.atom', { parseAs: 'text' });
    const dictionary = await client.GET('/v1/exports/tables/{table}', {
      params: { path: { table: 'incidents_live' } },
    });
    expect(dictionary.data?.fields.map((field) => field.name)).toContain('warning_level');

    // Without the declarations source in this app: typed 503 problems.
    await client.GET('/v1/declarations/sources');
    await client.GET('/v1/declarations', { params: { query: { jurisdiction: 'nsw' } } });
    await client.GET('/v1/declarations/postcode/{postcode}', { params: { path: { postcode: '2480' } } });
    await client.GET('/v1/declarations/agrn/{agrn}', { params: { path: { agrn: '1011' } } });
  });

  it('reads the stream and the webhook operations', async () => {
    const stream = await client.GET('/v1/stream', { params: { query: { state: 'nsw' } }, parseAs: 'stream' });
    // Without a change hub in this app: a typed 503; with one, the open stream, let go at once.
    await stream.data?.cancel();
    expect(stream.error?.status ?? stream.response.status).toBe(503);
    const subscriptions = await client.GET('/v1/subscriptions');
    const id = { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } };
    await client.GET('/v1/subscriptions/{id}', id);
    await client.GET('/v1/subscriptions/{id}/deliveries', { params: { ...id.params, query: { limit: 10 } } });
    expect(subscriptions.response.status).toBeGreaterThanOrEqual(200);
  });

  it('reads the tile operations: a tile set’s TileJSON and one of its tiles', async () => {
    const tileJson = await client.GET('/v1/tiles/{layer}', { params: { path: { layer: 'live' } } });
    expect(tileJson.data?.vector_layers.map((layer) => layer.id)).toEqual(['events', 'gauges', 'incidents']);
    const tile = await client.GET('/v1/tiles/{layer}/{z}/{x}/{y}', {
      params: { path: { layer: 'live', z: 0, x: 0, y: 0 } },
      parseAs: 'arrayBuffer',
    });
    expect(tile.response.status).toBe(200);
    expect(tile.response.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
  });

  it('called every GET operation of the document, each answered with a status the document declares', () => {
    const gets = Object.entries(document.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => `GET ${path}`);
    expect([...called].filter((call) => call.startsWith('GET ')).sort()).toEqual(gets.sort());
    expect(undeclared).toEqual([]);
  });
});
