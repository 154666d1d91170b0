import { readFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { tableFromIPC } from 'apache-arrow';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLValidator } from 'fast-xml-parser';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventActivities } from '../../activities/event-activities.js';
import { createApp } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import { DeclarationStore } from '../../api/declarations/declaration-store.js';
import { geographyFiles, loadServedGeography } from '../../api/declarations/geography.js';
import { listen } from '../../api/listen.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { SqliteSubscriptionStore } from '../../subscriptions/sqlite-store.js';
import { clusteringConfig } from '../../config/clustering.js';
import { dataLayout, FEED_CATALOGUE } from '../../config/index.js';
import { syntheticFleet } from '../../replay/gauges/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import { TEST_CAP_ISSUER } from '../support/cap-issuer.js';
import { bearer, testAccess, type TestAccess } from '../support/keys.js';
import { declarationSettings, refreshOnce, writeStandInInputs } from '../declarations/support/api-fixture.js';
import { FEED, fire, recordsOf, UPDATED } from '../events/support.js';
import { gaugeLake, type GaugeLake } from '../gauges/support/gauge-lake.js';

const HOUR = 3_600_000;
const NOW = new Date();
const FLEET = syntheticFleet({
  count: 24,
  seed: 11,
  startMs: NOW.getTime() - 2 * 24 * HOUR,
  endMs: NOW.getTime(),
});
/** Four complexes of four fires: answers above the size from which responses are compressed. */
const FIRES = Array.from({ length: 16 }, (_, index) =>
  fire(index + 1, 146 + Math.floor(index / 4) + (index % 4) * 0.02, -33 + (index % 2) * 0.02),
);
/** What clients send: a single coding, and what browsers, curl --compressed and Node's fetch offer. */
const ENCODINGS = ['gzip', 'br', 'gzip, deflate, br'] as const;

interface OpenApiGet {
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema?: { enum?: string[]; format?: string };
  }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * Every GET route of the OpenAPI document, over loopback HTTP from a real server, as real clients call
 * it: offering gzip, br or both. Through fetch (which decodes) the body parses as its media type; read
 * raw (node:http, which does not decode) the bytes are what Content-Encoding says, encoded once.
 */
describe('every GET route through real HTTP clients offering gzip and br', () => {
  let lake: GaugeLake;
  let store: ServingStore;
  let access: TestAccess;
  let subscriptions: SqliteSubscriptionStore;
  let server: Server;
  let base: string;
  let headers: Record<string, string>;
  /** Each URL to call, with the media types its route declares for 200. */
  const targets: { template: string; url: string; declared: string[] }[] = [];
  /** Each date-time query parameter, with its route's path and the other required parameters. */
  const dateTimes: { name: string; path: string; others: string[] }[] = [];

  beforeAll(async () => {
    // Gauges, declarations (stand-in inputs), incidents with the CAP feed, then events: one lake.
    lake = await gaugeLake(FLEET, NOW);
    await lake.commitWindow(FLEET, NOW.getTime() - 2 * 24 * HOUR, NOW.getTime() + 1);
    const files = await writeStandInInputs(lake.dir);
    const settings = declarationSettings(lake.dir, files);
    await refreshOnce(settings, lake.warehouse);
    const polledAt = UPDATED.toISOString();
    await lake.warehouse.commit({
      feedKey: FEED,
      pollId: 'sweep-poll',
      rawSha256: 'c'.repeat(64),
      incoming: recordsOf(FIRES, polledAt),
      polledAt,
      guarded: false,
    });
    const layout = dataLayout(lake.dir);
    await publishNow(lake.warehouse, lake.lakeDir, {
      capFeed: { file: layout.capFeedFile, issuer: TEST_CAP_ISSUER, baseUrl: '' },
    });
    await createEventActivities({
      lakeDir: lake.lakeDir,
      warehouse: lake.warehouse,
      clustering: clusteringConfig(),
    }).clusterEvents();

    store = await ServingStore.open(lake.lakeDir);
    const geography = geographyFiles(settings);
    const declarations = new DeclarationStore(
      store,
      lake.lakeDir,
      geography && loadServedGeography(geography),
    );
    access = testAccess();
    subscriptions = SqliteSubscriptionStore.open(':memory:');
    headers = bearer((await access.issue('enterprise', { entitlements: ['declarations'] })).token);
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      capFeedFile: layout.capFeedFile,
      feedHealth: { read: () => Promise.resolve([undefined]) },
      catalogue: FEED_CATALOGUE.filter((feed) => feed.key === FEED),
      cursors: new CursorCodec('sweep-cursor-secret'),
      keys: access.store,
      quota: access.store,
      version: 'test',
      startedAt: NOW,
      now: () => new Date(),
      declarations,
      subscriptions: { store: subscriptions, policy: { allowLoopback: true } },
    });
    server = await listen(app.fetch, '127.0.0.1', 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // Real values for path parameters, read from the service itself (no Accept-Encoding: identity).
    const json = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${base}${path}`, { headers });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const eventId = (await json<{ features: { id: string }[] }>('/v1/events')).features[0]?.id;
    const incidentId = (await json<{ features: { id: string }[] }>('/v1/incidents')).features[0]?.id;
    const gaugeId = (await json<{ gauges: { id: string; latest: unknown }[] }>('/v1/gauges')).gauges.find(
      (gauge) => gauge.latest !== null,
    )?.id;
    const agrn = (await json<{ items: { agrn: number }[] }>('/v1/declarations?status=all')).items[0]?.agrn;
    const exports = await json<{ files: { href: string; format: string }[] }>('/v1/exports');
    const lakeFile = exports.files.find((file) => file.format === 'parquet')?.href;
    const postcodes = parseCsv<{ postcode: string }>(await readFile(files.gnafPostcodes!, 'utf8'), {
      columns: true,
    });
    const subscription = await fetch(`${base}/v1/subscriptions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', area: { type: 'state', state: 'nsw' } }),
    });
    expect(subscription.status).toBe(201);
    const subscriptionId = ((await subscription.json()) as { id: string }).id;
    const values: Record<string, string | undefined> = {
      '/v1/subscriptions/{id}': subscriptionId,
      '/v1/subscriptions/{id}/deliveries': subscriptionId,
      '/v1/events/{id}': eventId,
      '/v1/incidents/{id}': incidentId,
      '/v1/gauges/{id}': gaugeId && encodeURIComponent(gaugeId),
      '/v1/gauges/{id}/readings': gaugeId && encodeURIComponent(gaugeId),
      '/v1/declarations/agrn/{agrn}': agrn === undefined ? undefined : String(agrn),
      '/v1/declarations/postcode/{postcode}': postcodes[0]?.postcode,
      '/v1/exports/lake/{path}': lakeFile?.replace('/v1/exports/lake/', ''),
      '/v1/exports/tables/{table}': 'gauge_readings',
    };
    const required: Record<string, string> = {
      '/v1/incidents/nearby': 'lat=-33&lng=147&radius=50',
      '/v1/incidents/snapshot': `datetime=${encodeURIComponent(new Date(UPDATED.getTime() + 60_000).toISOString())}`,
    };
    // Variants that make an answer larger (events with their incidents), where compression starts.
    const optional: Record<string, string[]> = {
      '/v1/events': ['include_inactive=true'],
      '/v1/events/{id}': ['include_incidents=true'],
      '/v1/incidents': ['limit=500&include_retracted=true'],
    };

    const document = await json<{ paths: Record<string, { get?: OpenApiGet }> }>('/v1/openapi.json');
    for (const [template, { get }] of Object.entries(document.paths)) {
      if (!get) continue;
      const declared = Object.keys(get.responses['200']?.content ?? {});
      // An event stream never ends, so it has no body to decode: test/api/stream/ reads it as clients do.
      if (declared.includes('text/event-stream')) continue;
      const parameters = get.parameters ?? [];
      const pathParameter = parameters.find((parameter) => parameter.in === 'path');
      const paths =
        template === '/v1/exports/incidents/{name}'
          ? exports.files
              .filter((file) => file.href.startsWith('/v1/exports/incidents/'))
              .map((file) => file.href)
          : (TILE_PATHS[template] ?? [
              pathParameter ? template.replace(/\{[^}]+\}/, values[template] ?? '') : template,
            ]);
      expect(paths.length, template).toBeGreaterThan(0);
      expect(
        paths.every((path) => !path.includes('{') && !path.includes('//')),
        template,
      ).toBe(true);
      const missing = parameters.filter(
        (parameter) => parameter.in === 'query' && parameter.required && !required[template],
      );
      expect(missing, `${template} needs a value for its required query parameters`).toEqual([]);
      const formats = parameters.find((parameter) => parameter.name === 'format')?.schema?.enum ?? [];
      const queries = [
        ...new Set([...formats.map((format) => `format=${format}`), ...(optional[template] ?? [])]),
      ]
        .map((query) => [required[template], query].filter(Boolean).join('&'))
        .concat(required[template] ?? '');
      for (const parameter of parameters)
        if (parameter.in === 'query' && parameter.schema?.format === 'date-time')
          dateTimes.push({
            name: parameter.name,
            path: paths[0]!,
            others: (required[template] ?? '')
              .split('&')
              .filter((pair) => pair !== '' && !pair.startsWith(`${parameter.name}=`)),
          });
      for (const path of paths)
        for (const query of queries)
          targets.push({ template, url: query ? `${path}?${query}` : path, declared });
    }
    targets.push({ template: '/v1/openapi.json', url: '/v1/openapi.json', declared: ['application/json'] });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    access.close();
    subscriptions.close();
    store.close();
    await lake.close();
  });

  it('says to send %2B when a date-time parameter has a space where its offset’s + was sent', async () => {
    expect(
      dateTimes.map(({ path, name }) => `${path.replace(/\/[^/]*%3A[^/]*/, '/{id}')} ${name}`).sort(),
    ).toEqual([
      '/v1/gauges/{id}/readings after',
      '/v1/gauges/{id}/readings before',
      '/v1/gauges/{id}/readings cursor',
      '/v1/incidents/history after',
      '/v1/incidents/history before',
      '/v1/incidents/snapshot datetime',
    ]);
    for (const { name, path, others } of dateTimes) {
      // Sent as curl and many scripts send it: the + unencoded.
      const query = [...others, `${name}=2026-11-20T10:00:00+11:00`].join('&');
      const response = await fetch(`${base}${path}?${query}`, { headers });
      expect(response.status, `${path} ${name}`).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const { detail } = (await response.json()) as { detail: string };
      expect(detail, `${path} ${name}`).toContain(`${name}: must be`);
      expect(detail, `${path} ${name}`).toContain('%2B');
      expect(detail, `${path} ${name}`).toContain('2026-11-20T10:00:00%2B11:00');
      // Encoded, the same instant is no longer refused for its form.
      const encoded = await fetch(`${base}${path}?${query.replace('+', '%2B')}`, { headers });
      const problem = encoded.status === 400 ? ((await encoded.json()) as { detail: string }) : undefined;
      expect(problem?.detail ?? '', `${path} ${name}`).not.toContain(`${name}: must be`);
      // Any other malformed value gets no hint.
      const other = await fetch(`${base}${path}?${[...others, `${name}=yesterday`].join('&')}`, { headers });
      expect(((await other.json()) as { detail: string }).detail).not.toContain('%2B');
    }
  });

  it('decodes through fetch to a body of the declared media type, for every encoding offered', async () => {
    const failures: string[] = [];
    const served = new Map<string, Set<string>>();
    for (const { template, url, declared } of targets) {
      for (const encoding of ENCODINGS) {
        const label = `${url} [${encoding}]`;
        try {
          const response = await fetch(`${base}${url}`, {
            headers: { ...headers, 'accept-encoding': encoding },
          });
          const type = mediaType(response.headers.get('content-type'));
          const bytes = new Uint8Array(await response.arrayBuffer());
          if (response.status !== 200) throw new Error(`status ${response.status}`);
          if (!declared.includes(type)) throw new Error(`${type} is not one of ${declared.join(', ')}`);
          expectMediaType(type, bytes);
          served.set(template, (served.get(template) ?? new Set()).add(type));
        } catch (error) {
          failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route answered, in every media type it declares.
    for (const { template, declared } of targets)
      expect([...(served.get(template) ?? [])].sort(), template).toEqual([...declared].sort());
  });

  it('sends bytes that are what Content-Encoding says, encoded once, in a coding the client offered', async () => {
    const failures: string[] = [];
    for (const { url } of targets) {
      for (const encoding of ENCODINGS) {
        const label = `${url} [${encoding}]`;
        try {
          const response = await rawGet(`${base}${url}`, { ...headers, 'accept-encoding': encoding });
          if (response.status !== 200) throw new Error(`status ${response.status}`);
          const coding = response.headers['content-encoding'] ?? 'identity';
          const offered = encoding.split(',').map((name) => name.trim());
          if (coding !== 'identity' && !offered.includes(coding))
            throw new Error(`Content-Encoding ${coding} was not offered`);
          expectMediaType(mediaType(response.headers['content-type']), decode(coding, response.body));
        } catch (error) {
          failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The body's bytes as Content-Encoding says they were sent: gzip and br are checked by their own magic. */
function decode(coding: string, body: Buffer): Uint8Array {
  switch (coding) {
    case 'identity':
      return body;
    case 'gzip':
      if (body[0] !== 0x1f || body[1] !== 0x8b)
        throw new Error('Content-Encoding gzip without the gzip magic');
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`unknown Content-Encoding ${coding}`);
  }
}

/** The tile sets' documents, and a live tile (this lake has no archive: its tiles are all 204). */
const TILE_PATHS: Record<string, string[]> = {
  '/v1/tiles/{layer}': ['/v1/tiles/live', '/v1/tiles/archive'],
  '/v1/tiles/{layer}/{z}/{x}/{y}': ['/v1/tiles/live/0/0/0'],
};

const JSON_TYPES = ['application/json', 'application/geo+json', 'application/problem+json'];
const XML_TYPES = ['application/xml', 'application/atom+xml', 'application/cap+xml'];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** Throws unless the bytes are a document of the media type (a gzip of one is not). */
function expectMediaType(type: string, bytes: Uint8Array): void {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) throw new Error(`${type} body is still gzip-compressed`);
  const text = () => new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (JSON_TYPES.includes(type)) {
    JSON.parse(text());
  } else if (type === 'text/csv') {
    const rows: string[][] = parseCsv(text());
    if (rows.length === 0 || (rows[0]?.length ?? 0) < 2) throw new Error('CSV without a header row');
  } else if (XML_TYPES.includes(type)) {
    const document = text();
    if (!document.trimStart().startsWith('<')) throw new Error(`${type} body does not start with <`);
    const valid = XMLValidator.validate(document);
    if (valid !== true) throw new Error(`${type} is not well-formed: ${valid.err.msg}`);
  } else if (type === 'application/vnd.apache.parquet') {
    if (ascii(bytes, 0, 4) !== 'PAR1' || ascii(bytes, bytes.length - 4, bytes.length) !== 'PAR1')
      throw new Error('Parquet without PAR1 at both ends');
  } else if (type === 'application/vnd.apache.arrow.stream') {
    // An IPC stream opens with the continuation marker of its schema message.
    if (bytes.length < 8 || !bytes.subarray(0, 4).every((byte) => byte === 0xff))
      throw new Error('Arrow stream without its continuation marker');
    tableFromIPC(bytes);
  } else if (type === 'application/vnd.mapbox-vector-tile') {
    // A tile is a protobuf message of layers (field 3, length-delimited): its first byte is 0x1a.
    const tile = new VectorTile(new Pbf(bytes));
    if (bytes[0] !== 0x1a || Object.keys(tile.layers).length === 0) throw new Error('a tile without layers');
  } else {
    throw new Error(`no check for media type ${type || '(none)'}`);
  }
}

/** A GET through node:http, which leaves the body as it travelled. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
