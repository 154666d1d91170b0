import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { problems } from './problem.js';

/**
 * Opaque keyset cursors: base64url JSON of the last key served, a fingerprint of the query's filters
 * and an HMAC over both. A cursor cannot be edited into another position or replayed against another
 * query; malformed, tampered or mismatched → 400.
 */
interface CursorBody {
  v: 1;
  k: string;
  f: string;
  s: string;
}

export function queryFingerprint(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

export class CursorCodec {
  constructor(private readonly secret: string) {}

  private sign(key: string, fingerprint: string): string {
    return createHmac('sha256', this.secret)
      .update(`${key}\n${fingerprint}`)
      .digest('base64url')
      .slice(0, 22);
  }

  encode(lastKey: string, fingerprint: string): string {
    const body: CursorBody = { v: 1, k: lastKey, f: fingerprint, s: this.sign(lastKey, fingerprint) };
    return Buffer.from(JSON.stringify(body)).toString('base64url');
  }

  /**
   * Where a page request resumes: `after` wins over `cursor`, and the token must belong to these filters.
   * `fingerprint` binds the next cursor to the same query.
   */
  resume(
    paging: { after?: string | undefined; cursor?: string | undefined },
    filters: unknown,
  ): { fingerprint: string; afterKey: string | undefined } {
    const fingerprint = queryFingerprint(filters);
    const token = paging.after ?? paging.cursor;
    const parameter = paging.after !== undefined ? 'after' : 'cursor';
    return {
      fingerprint,
      afterKey: token === undefined ? undefined : this.decode(token, fingerprint, parameter),
    };
  }

  /** The last key served, after checking the cursor belongs to this query and was issued here. */
  decode(token: string, fingerprint: string, parameter: string): string {
    const malformed = () =>
      problems.invalidParameter(`${parameter}: malformed cursor; pass back the token from meta.next_cursor.`);
    let body: Partial<CursorBody>;
    try {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('not base64url');
      body = (JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) ?? {}) as Partial<CursorBody>;
    } catch {
      throw malformed();
    }
    const { v, k, f, s } = body;
    if (v !== 1 || typeof k !== 'string' || typeof f !== 'string' || typeof s !== 'string') throw malformed();
    const expected = Buffer.from(this.sign(k, f));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw malformed();
    if (f !== fingerprint) {
      throw problems.invalidParameter(
        `${parameter}: this cursor belongs to a different query; start again without it.`,
      );
    }
    return k;
  }
}
