import type { Context, TypedResponse } from 'hono';
import { preparedResponse } from './answer-headers.js';
import { encode, PER_REQUEST_LEVEL } from './compression.js';
import { MIN_COMPRESSED_BYTES, preferredCoding } from './content-coding.js';
import type { AppEnv } from './types.js';

/**
 * A JSON answer whose text was put together from parts made ahead (gauges), compressed here from the
 * text when the client takes it (rather than read back from a response and compressed there), typed
 * as the value it stands for so the route keeps its OpenAPI response type. Not for routes under the
 * data cache, which keeps identity bytes.
 */
export async function jsonText<T>(
  c: Context<AppEnv>,
  text: string,
  headers: Record<string, string> = {},
): Promise<TypedResponse<T, 200, 'json'>> {
  const body = Buffer.from(text);
  const all: Record<string, string> = { 'content-type': 'application/json', vary: 'accept-encoding' };
  for (const name in headers) all[name] = headers[name]!;
  const coding = body.byteLength >= MIN_COMPRESSED_BYTES && preferredCoding(c.req.header('accept-encoding'));
  if (coding) all['content-encoding'] = coding;
  const sent = coding ? await encode(coding, body, PER_REQUEST_LEVEL) : body;
  return preparedResponse(c, 200, sent, all) as unknown as TypedResponse<T, 200, 'json'>;
}
