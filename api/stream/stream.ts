import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { problems } from '../problem.js';
import type { AppEnv, StreamDeps } from '../types.js';
import { problemResponses } from '../validation.js';
import { changeMatcher, type StreamFilters } from './filters.js';
import { MAX_PENDING_FRAMES, type StreamConnection } from './hub.js';
import { parseChangeId } from './position.js';
import { STREAM_DESCRIPTION, StreamHeaders, StreamQuery, type StreamFilterQuery } from './schemas.js';

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

export function registerStream(app: OpenAPIHono<AppEnv>, deps: StreamDeps): void {
  app.openapi(streamRoute, (c) => {
    const hub = deps.stream;
    if (!hub) throw problems.unavailable('The change stream is not running in this process.');
    const query = c.req.valid('query');
    const matches = changeMatcher(streamFilters(query));
    const lastEventId = c.req.valid('header')['last-event-id'] ?? query.lastEventId;
    const after = lastEventId === undefined ? undefined : (parseChangeId(lastEventId) ?? 'unknown');
    // Proxies (nginx) must pass events on as they come.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let pending = 0;
      let stop: () => void = () => undefined;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      stream.onAbort(stop);
      const connection: StreamConnection = {
        matches,
        write: (text) => {
          if (stream.closed || stream.aborted) return stop();
          // A client this far behind is closed; it resumes from its last id when it reconnects.
          if (pending >= MAX_PENDING_FRAMES) return stop();
          pending++;
          stream.write(text).then(
            () => pending--,
            () => stop(),
          );
        },
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
