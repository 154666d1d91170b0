import type { Context } from 'hono';

/**
 * Query parameters named like a credential (`key`, `api_key`, `access_token`, `secret`…): never
 * echoed into a link, a feed or a log, whatever the request sent (keys belong in Authorization).
 */
const SECRET_NAME = /(^|[_-])(key|apikey|token|secret|password|passwd|auth|authorization|signature|sig)$/i;

export function isSecretParameter(name: string): boolean {
  return SECRET_NAME.test(name) || /^(api|access)[_-]?key$/i.test(name);
}

/** The request's query without parameters named like a credential. */
export function echoableQuery(c: Context): URLSearchParams {
  const query = new URLSearchParams(new URL(c.req.url).search);
  for (const name of [...query.keys()]) if (isSecretParameter(name)) query.delete(name);
  return query;
}

function withQuery(pathname: string, query: URLSearchParams): string {
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** links.self: this request's path and query, credentials left out. */
export function selfLink(c: Context): string {
  return withQuery(new URL(c.req.url).pathname, echoableQuery(c));
}

/** A link to this path with this request's query changed by `edit` (credentials left out). */
export function linkWith(c: Context, edit: (query: URLSearchParams) => void): string {
  const query = echoableQuery(c);
  edit(query);
  return withQuery(new URL(c.req.url).pathname, query);
}
