import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { KeyLookup, StoredKey } from '../access/types.js';
import { ProblemError } from '../problem.js';
import type { AppEnv } from '../env.js';

/** How long a stream token opens streams: long enough to connect, short enough to leak harmlessly. */
export const STREAM_TOKEN_TTL_MS = 5 * 60 * 1000;

const PREFIX = 'est_';

/** What a stream token says: whose key, which stream (its filters, as a query string), until when. */
export interface StreamTokenClaims {
  keyId: string;
  query: string;
  expiresAt: number;
}

interface Body {
  v: 1;
  k: string;
  q: string;
  e: number;
}

/**
 * Short-lived stream tokens, for EventSource (which cannot send headers) and any URL that ends up in a
 * log: `est_<base64url JSON>.<HMAC-SHA256>`, signed with a secret every replica shares, naming the key
 * and the one stream's filters. A token opens streams until it expires; a stream it opened stays open.
 */
export class StreamTokenCodec {
  constructor(private readonly secret: string) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`stream-token\n${payload}`).digest('base64url');
  }

  issue(keyId: string, query: string, nowMs: number): { token: string; expiresAt: number } {
    const expiresAt = nowMs + STREAM_TOKEN_TTL_MS;
    const body: Body = { v: 1, k: keyId, q: query, e: Math.floor(expiresAt / 1000) };
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return { token: `${PREFIX}${payload}.${this.sign(payload)}`, expiresAt: body.e * 1000 };
  }

  /** The claims of a genuine token; `expired` past its time; undefined for anything else. */
  verify(token: string, nowMs: number): StreamTokenClaims | 'expired' | undefined {
    if (!token.startsWith(PREFIX)) return undefined;
    const [payload, signature, ...rest] = token.slice(PREFIX.length).split('.');
    if (!payload || !signature || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let body: Partial<Body>;
    try {
      body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Body>;
    } catch {
      return undefined;
    }
    if (
      body.v !== 1 ||
      typeof body.k !== 'string' ||
      typeof body.q !== 'string' ||
      typeof body.e !== 'number'
    )
      return undefined;
    if (body.e * 1000 <= nowMs) return 'expired';
    return { keyId: body.k, query: body.q, expiresAt: body.e * 1000 };
  }
}

const invalidToken = (detail: string) =>
  new ProblemError(
    401,
    'unauthorized',
    'Invalid stream token',
    detail,
    {},
    {
      'WWW-Authenticate': 'Bearer realm="eids", error="invalid_token"',
    },
  );

/** The path a stream token opens: the stream itself, never the token endpoint. */
export const STREAM_PATH = '/v1/stream';

/**
 * For the access gate: the key behind `?token=` on GET /v1/stream (its plan, origins and quota then
 * apply as for the key itself), with the token's filters left on the context; undefined for every
 * other request. A forged, expired or revoked-key token is a 401.
 */
export function streamTokenKey(
  codec: StreamTokenCodec,
  keys: KeyLookup,
  now: () => Date,
): (c: Context<AppEnv>) => Promise<StoredKey | undefined> {
  return async (c) => {
    if (c.req.method !== 'GET' || c.req.path !== STREAM_PATH) return undefined;
    const token = c.req.query('token');
    if (token === undefined) return undefined;
    const claims = codec.verify(token, now().getTime());
    if (claims === 'expired')
      throw invalidToken('The stream token has expired: ask POST /v1/stream/tokens for another.');
    if (!claims) throw invalidToken('The stream token is not one this service issued.');
    const key = await keys.findById(claims.keyId);
    if (!key || key.revokedAt !== null)
      throw invalidToken('The key this stream token was issued for is no longer valid.');
    c.set('streamScope', claims.query);
    return key;
  };
}
