import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { TIER_MONTHLY_QUOTA } from '../../config/index.js';
import { accessProblems } from '../access/problems.js';
import { problems } from '../problem.js';
import type { AppEnv, StreamDeps } from '../types.js';
import { problemResponses } from '../validation.js';
import { changeMatcher, type StreamFilters } from './filters.js';
import { MAX_PENDING_WRITES, type StreamConnection } from './hub.js';
import { eventMeter } from './metering.js';
import { parseChangeId } from './position.js';
import {
  STREAM_DESCRIPTION,
  STREAM_FILTER_NAMES,
  StreamFilterQuery,
  StreamHeaders,
  StreamQuery,
} from './schemas.js';

const streamRoute = createRoute({
  method: 'get',
  path: '/stream',
  summary: 'Change stream (Server-Sent Events)',
  description: STREAM_DESCRIPTION,
  request: { query: StreamQuery, headers: StreamHeaders },
  responses: {
    200: {
      description: 'An event stream that stays open',
      content: { 'text/event-stream': { schema: { type: 'string' as const } } },
    },
    ...problemResponses(400, 503),
  },
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

export function registerStream(app: OpenAPIHono<AppEnv>, deps: StreamDeps): void {
  app.openapi(streamRoute, (c) => {
    const hub = deps.stream;
    if (!hub) throw problems.unavailable('The change stream is not running in this process.');
    const query = c.req.valid('query');
    const matches = changeMatcher(requestedFilters(c, query));
    const lastEventId = c.req.valid('header')['last-event-id'] ?? query.lastEventId;
    const after = lastEventId === undefined ? undefined : (parseChangeId(lastEventId) ?? 'unknown');
    const keyId = c.get('keyId');
    const tier = c.get('tier');
    // Proxies (nginx) must pass events on as they come.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let pending = 0;
      let stop: () => void = () => undefined;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      stream.onAbort(stop);
      const write = (chunk: string | Uint8Array) => {
        if (stream.closed || stream.aborted) return stop();
        // A client this far behind is closed; it resumes from its last id when it reconnects.
        if (pending >= MAX_PENDING_WRITES) return stop();
        pending++;
        stream.write(chunk).then(
          () => pending--,
          () => stop(),
        );
      };
      const limit = c.get('monthlyLimit') ?? (deps.quotas ?? TIER_MONTHLY_QUOTA)[tier];
      const ownQuota = c.get('ownQuota') ?? false;
      const meter =
        keyId === undefined
          ? undefined
          : eventMeter({
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
                write(`event: quota-exceeded\ndata: ${JSON.stringify(body)}\n\n`);
                setTimeout(stop, 100);
              },
            });
      const connection: StreamConnection = {
        matches,
        write,
        delivered: (count) => meter?.add(count),
      };
      try {
        await hub.attach(connection, after);
        await stopped;
      } finally {
        hub.detach(connection);
      }
    });
  });
}
