import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { TIER_MONTHLY_QUOTA } from '../../config/index.js';
import { metrics } from '../../telemetry/metrics.js';
import { accessProblems } from '../access/problems.js';
import { ProblemError, problems } from '../problem.js';
import { nodeResponseOf, writeBodyRaw } from '../raw-body.js';
import type { AppEnv } from '../env.js';
import type { StreamDeps } from './deps.js';
import { problemResponses } from '../validation.js';
import { changeMatcher, filterKey, type StreamFilters } from './filters.js';
import { textFrame } from './frames.js';
import type { ChangeHub } from './hub.js';
import { DEFAULT_STREAM_CAPACITY, STREAM_RETRY_AFTER_SECONDS } from './limits.js';
import { eventMeter } from './metering.js';
import { parseChangeId } from './position.js';
import { SseSocket } from './sse-socket.js';
import {
  STREAM_DESCRIPTION,
  STREAM_FILTER_NAMES,
  StreamFilterQuery,
  StreamHeaders,
  StreamQuery,
} from './schemas.js';
import { STREAM_EVENT_COMPONENTS, STREAM_EVENT_SCHEMAS, streamEventSchema } from './event-schemas.js';

const streamRoute = createRoute({
  method: 'get',
  path: '/stream',
  summary: 'Change stream (Server-Sent Events)',
  description: STREAM_DESCRIPTION,
  request: { query: StreamQuery, headers: StreamHeaders },
  responses: {
    200: {
      description: 'An event stream that stays open',
      content: { 'text/event-stream': { schema: streamEventSchema() } },
    },
    ...problemResponses(400, 503),
  },
  // OpenAPI cannot describe the events of a stream: each event type names its data's schema here.
  'x-stream-events': Object.fromEntries(
    Object.entries(STREAM_EVENT_SCHEMAS).map(([event, name]) => [
      event,
      { $ref: `#/components/schemas/${name}` },
    ]),
  ),
});

/** The stream's filters from validated parameters; a centre needs all of lat, lng and radius. */
export function streamFilters(query: StreamFilterQuery): StreamFilters {
  const { lat, lng, radius } = query;
  const near = [lat, lng, radius].filter((value) => value !== undefined).length;
  if (near !== 0 && near !== 3) throw problems.invalidParameter('lat, lng, radius: give all three or none');
  return {
    types: query.types,
    state: query.state,
    featureType: query.featureType ?? ['incident'],
    eventType: query.eventType,
    severity: query.severity,
    warningLevel: query.warningLevel,
    bbox: query.bbox,
    near:
      lat !== undefined && lng !== undefined && radius !== undefined
        ? { lat, lng, radiusKm: radius }
        : undefined,
  };
}

/** The filters of a stream token's query string (as issued: valid). */
export function scopedFilters(scope: string): StreamFilters {
  const parsed = StreamFilterQuery.safeParse(Object.fromEntries(new URLSearchParams(scope)));
  if (!parsed.success)
    throw problems.invalidParameter('token: its filters are no longer valid; ask for another');
  return streamFilters(parsed.data);
}

/** The filters this request asks for: its own parameters, or those its stream token was issued for. */
function requestedFilters(c: Context<AppEnv>, query: StreamFilterQuery): StreamFilters {
  const scope = c.get('streamScope');
  if (scope === undefined) return streamFilters(query);
  const beside = STREAM_FILTER_NAMES.filter((name) => c.req.query(name) !== undefined);
  if (beside.length > 0) {
    throw problems.invalidParameter(
      `${beside.join(', ')}: a stream token carries its stream's filters; ask for a token with these instead`,
    );
  }
  return scopedFilters(scope);
}

/** Says to try another replica (or this one shortly): this one holds as many streams as it will. */
function atCapacity(capacity: number) {
  metrics.streamRefusals.inc();
  return new ProblemError(
    503,
    'unavailable',
    'Service Unavailable',
    `This API process holds as many change streams as it will (${capacity}); try again shortly, when a load balancer will place the stream on another replica.`,
    {},
    { 'retry-after': String(STREAM_RETRY_AFTER_SECONDS) },
  );
}

/** What a stream's client is charged for the changes it is sent (metering.ts); none without a key. */
function streamMeter(c: Context<AppEnv>, deps: StreamDeps, end: (frame: Uint8Array) => void) {
  const keyId = c.get('keyId');
  if (keyId === undefined) return undefined;
  const tier = c.get('tier');
  const limit = c.get('monthlyLimit') ?? (deps.quotas ?? TIER_MONTHLY_QUOTA)[tier];
  const ownQuota = c.get('ownQuota') ?? false;
  const meter = eventMeter({
    quota: deps.quota,
    keyId,
    limit,
    now: deps.now,
    // The quota ran out on this stream: say so as the 429 would, then end it.
    exhausted: (headers) => {
      const problem = accessProblems.quotaExceeded(tier, limit, ownQuota, headers);
      const body = {
        type: '/v1/problems/quota-exceeded',
        title: problem.title,
        status: 429,
        detail: problem.detail,
      };
      end(textFrame(`event: quota-exceeded\ndata: ${JSON.stringify(body)}\n\n`));
    },
  });
  return (count: number) => meter.add(count);
}

/** Attaches a stream whose head is written to the hub, and detaches it when either side ends it. */
async function runStream(hub: ChangeHub, connection: SseSocket, after: Parameters<ChangeHub['attach']>[1]) {
  try {
    await hub.attach(connection, after);
  } catch (error) {
    console.error(
      `[api] a change stream could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    connection.close();
  }
  if (connection.closed) hub.detach(connection);
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // Proxies (nginx) must pass events on as they come.
  'x-accel-buffering': 'no',
};

export function registerStream(app: OpenAPIHono<AppEnv>, deps: StreamDeps): void {
  for (const [name, schema] of Object.entries(STREAM_EVENT_COMPONENTS))
    app.openAPIRegistry.register(name, schema);
  app.openapi(streamRoute, (c) => {
    const hub = deps.stream;
    if (!hub) throw problems.unavailable('The change stream is not running in this process.');
    const outgoing = nodeResponseOf(c);
    if (!outgoing) throw problems.unavailable('The change stream is served by the HTTP server only.');
    const capacity = deps.streamCapacity ?? DEFAULT_STREAM_CAPACITY;
    if (hub.connections >= capacity) throw atCapacity(capacity);
    const query = c.req.valid('query');
    const filters = requestedFilters(c, query);
    const lastEventId = c.req.valid('header')['last-event-id'] ?? query.lastEventId;
    const after = lastEventId === undefined ? undefined : (parseChangeId(lastEventId) ?? 'unknown');
    if (c.req.method === 'HEAD') return c.body(null, 200, SSE_HEADERS);
    let connection: SseSocket | undefined;
    const meter = streamMeter(c, deps, (frame) => {
      connection?.write(frame);
      setTimeout(() => connection?.close(), 100);
    });
    // The head goes out with every header the middleware adds; then the stream is written raw.
    writeBodyRaw(outgoing, (response) => {
      const opened = new SseSocket(response, filterKey(filters), changeMatcher(filters), meter);
      connection = opened;
      response.once('close', () => hub.detach(opened));
      void runStream(hub, opened, after);
    });
    return c.body(null, 200, SSE_HEADERS);
  });
}
