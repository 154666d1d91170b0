import type { Context } from 'hono';
import type { AppEnv } from './env.js';

/** What one request's log line says, as fields (the JSON log writes them). */
export interface RequestLogFields {
  method: string;
  path: string;
  status: number;
  ms: number;
  keyId: string | null;
  requestId: string;
}

/** Receives each request's line and its fields; must not block (api/request-log-writer.ts gathers). */
export type RequestLogSink = (line: string, fields: RequestLogFields) => void;

/**
 * One line per request, once it is answered: method, path (no query string), status, time, the key's
 * public id (or `-`) and the request id. Never a header: the Authorization header holds a secret.
 */
export function requestLogLine(c: Context<AppEnv>, log: RequestLogSink, started: number): void {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const keyId = c.get('keyId') ?? null;
  const requestId = c.get('requestId');
  const { method, path } = c.req;
  const status = c.res.status;
  log(`${method} ${path} ${status} ${ms.toFixed(1)}ms key=${keyId ?? '-'} req=${requestId}`, {
    method,
    path,
    status,
    ms,
    keyId,
    requestId,
  });
}
