import type { MiddlewareHandler } from 'hono';
import { applyAnswerHeaders, startAnswerHeaders } from './answer-headers.js';
import { requestIdOf } from './request-id.js';
import { requestLogLine, type RequestLogSink } from './request-log.js';
import type { RequestObserver } from './request-metrics.js';
import type { AppEnv } from './env.js';

/**
 * The outermost middleware, one layer for what every request needs around it: its id, the answer
 * headers (started here, added to on the way in, put on the answer on the way out unless it was
 * prepared with them) and, with a sink, its line in the request log; with an observer, its metrics.
 */
export function requestEnvelope(log?: RequestLogSink, observe?: RequestObserver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    startAnswerHeaders(c, id);
    await next();
    applyAnswerHeaders(c);
    if (log) requestLogLine(c, log, started);
    observe?.(c, started);
  };
}
