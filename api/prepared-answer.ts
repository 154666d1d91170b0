import type { Context, TypedResponse } from 'hono';
import { preparedResponse } from './answer-headers.js';
import type { AppEnv } from './env.js';
import { gzipSync } from 'node:zlib';
import { MIN_COMPRESSED_BYTES, preferredCoding } from './content-coding.js';

interface Prepared {
  body: Uint8Array;
  headers: Record<string, string>;
}

/**
 * A JSON answer that is the same for every request for the life of the process (the schema, the
 * front door): serialised once, gzipped once, so a request costs sending its bytes.
 */
export class PreparedAnswer<T> {
  private readonly identity: Prepared;
  private readonly gzip: Prepared | undefined;

  constructor(value: T, headers: Record<string, string> = {}) {
    const body = Buffer.from(JSON.stringify(value));
    const all = { 'content-type': 'application/json', vary: 'accept-encoding', ...headers };
    this.identity = { body, headers: all };
    this.gzip =
      body.byteLength >= MIN_COMPRESSED_BYTES
        ? { body: gzipSync(body), headers: { ...all, 'content-encoding': 'gzip' } }
        : undefined;
  }

  /** The prepared bytes, typed as the JSON answer they are (for the route's OpenAPI types). */
  respond(c: Context<AppEnv>): TypedResponse<T, 200, 'json'> {
    const prepared =
      this.gzip && preferredCoding(c.req.header('accept-encoding')) === 'gzip' ? this.gzip : this.identity;
    const response = preparedResponse(c, 200, prepared.body, prepared.headers);
    return response as unknown as TypedResponse<T, 200, 'json'>;
  }
}
