import { createHash } from 'node:crypto';
import { problems } from './problem.js';

/**
 * Opaque keyset cursors: base64url JSON holding the last key served and a fingerprint of the query's
 * filters, so a cursor cannot be replayed against a different query. Malformed or mismatched → 400.
 */
interface CursorBody {
  v: 1;
  k: string;
  f: string;
}

export function queryFingerprint(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

export function encodeCursor(lastKey: string, fingerprint: string): string {
  const body: CursorBody = { v: 1, k: lastKey, f: fingerprint };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

export function decodeCursor(token: string, fingerprint: string, parameter: string): string {
  let body: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('not base64url');
    body = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw problems.invalidParameter(
      `${parameter}: malformed cursor; pass back the token from meta.next_cursor.`,
    );
  }
  const { v, k, f } = (body ?? {}) as Partial<CursorBody>;
  if (v !== 1 || typeof k !== 'string' || typeof f !== 'string') {
    throw problems.invalidParameter(
      `${parameter}: malformed cursor; pass back the token from meta.next_cursor.`,
    );
  }
  if (f !== fingerprint) {
    throw problems.invalidParameter(
      `${parameter}: this cursor belongs to a different query; start again without it.`,
    );
  }
  return k;
}
