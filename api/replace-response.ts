import type { Context } from 'hono';

/**
 * Puts `response` in place of the context's answer as it is. Hono's `c.res = …` rebuilds the new
 * answer around the old one's headers through its body stream, which makes the Node adapter stream
 * a body it could have written in one go; clearing the answer first skips that. `response` must
 * carry every header the answer should have.
 */
export function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}
