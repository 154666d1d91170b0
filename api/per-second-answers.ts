import type { Context, TypedResponse } from 'hono';
import { preparedResponse } from './answer-headers.js';
import { encode } from './compression.js';
import { MIN_COMPRESSED_BYTES, preferredCoding, type ContentCoding } from './content-coding.js';
import type { AppEnv } from './env.js';

interface Kept {
  body: Buffer;
  encoded: Map<ContentCoding, Promise<Uint8Array>>;
}

/**
 * JSON answers kept for the second they were made in, by request URL: for routes whose data changes
 * at most once a second (the gauge views), so a busy second's repeats of one page cost sending its
 * bytes, each coding compressed once. At most `maxEntries` answers; all dropped when the second turns.
 */
export class PerSecondAnswers {
  private second = -1;
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly headers: Readonly<Record<string, string>>,
    private readonly maxEntries = 256,
  ) {}

  /** The answer kept for this request's URL in `nowMs`'s second, or the one `make` writes now. */
  async respond<T>(
    c: Context<AppEnv>,
    nowMs: number,
    make: () => Promise<string>,
  ): Promise<TypedResponse<T, 200, 'json'>> {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.kept.clear();
      this.second = second;
    }
    let answer = this.kept.get(c.req.url);
    if (!answer) {
      answer = { body: Buffer.from(await make()), encoded: new Map() };
      if (this.kept.size < this.maxEntries) this.kept.set(c.req.url, answer);
    }
    const all: Record<string, string> = { 'content-type': 'application/json', vary: 'accept-encoding' };
    for (const name in this.headers) all[name] = this.headers[name]!;
    const coding =
      answer.body.byteLength >= MIN_COMPRESSED_BYTES && preferredCoding(c.req.header('accept-encoding'));
    if (!coding)
      return preparedResponse(c, 200, answer.body, all) as unknown as TypedResponse<T, 200, 'json'>;
    let encoded = answer.encoded.get(coding);
    if (!encoded) {
      encoded = encode(coding, answer.body);
      answer.encoded.set(coding, encoded);
    }
    all['content-encoding'] = coding;
    return preparedResponse(c, 200, await encoded, all) as unknown as TypedResponse<T, 200, 'json'>;
  }
}
