/* global document, DOMParser */
/**
 * Reads /v1 as any client does: the page's key in Authorization, and conditional requests (ETags), so
 * an unchanged resource costs a 304. A paged resource is read again whole only when its first page
 * changed. It keeps to the key's short-window limits as the `RateLimit` header states them: when a
 * window has no request left, the next waits for its reset (and a 429 is tried once more after its
 * Retry-After), so a burst of pages does not run into the per-second limit.
 */

/** Waits longer than this are not made: the request goes and its refusal says why. */
const MAX_WAIT_SECONDS = 60;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds until a window with no request left resets, from a `RateLimit` header; 0 when none is spent. */
export function rateLimitWait(header) {
  let wait = 0;
  for (const item of (header ?? '').split(',')) {
    const remaining = /;\s*r=(\d+)/.exec(item);
    const reset = /;\s*t=(\d+)/.exec(item);
    if (remaining && reset && Number(remaining[1]) === 0) wait = Math.max(wait, Number(reset[1]));
  }
  return wait <= MAX_WAIT_SECONDS ? wait : 0;
}
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export class ApiReader {
  constructor(key) {
    this.key = key;
    this.etags = new Map();
    this.bodies = new Map();
    this.notBefore = 0;
  }

  /** A request with the page's key, paced by the key's windows. */
  async send(path, init = {}) {
    const request = () => {
      const headers = { ...init.headers, authorization: `Bearer ${this.key}` };
      return fetch(path, { cache: 'no-store', ...init, headers });
    };
    const wait = this.notBefore - Date.now();
    if (wait > 0) await sleep(wait);
    let response = await request();
    this.paceBy(response);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 429 && retryAfter > 0 && retryAfter <= MAX_WAIT_SECONDS) {
      await sleep(retryAfter * 1000);
      response = await request();
      this.paceBy(response);
    }
    return response;
  }

  paceBy(response) {
    const wait = rateLimitWait(response.headers.get('ratelimit'));
    if (wait > 0) this.notBefore = Math.max(this.notBefore, Date.now() + wait * 1000);
  }

  async get(path, conditional = true) {
    const headers = { accept: 'application/json, application/geo+json' };
    const etag = conditional ? this.etags.get(path) : undefined;
    if (etag) headers['if-none-match'] = etag;
    const response = await this.send(path, { headers });
    if (response.status === 304) return { changed: false, body: this.bodies.get(path) };
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      throw new ApiError(response.status, problem.detail ?? problem.title ?? `HTTP ${response.status}`);
    }
    const body = await response.json();
    const tag = response.headers.get('etag');
    if (tag && conditional) {
      this.etags.set(path, tag);
      this.bodies.set(path, body);
    }
    return { changed: true, body };
  }

  /** Every item of a paged collection; unchanged (false) while its first page is. */
  async all(path, items) {
    const first = await this.get(path);
    if (!first.changed) return { changed: false };
    const found = [...items(first.body)];
    let next = first.body.links?.next;
    for (let pages = 1; next && pages < 100; pages++) {
      const page = await this.get(next, false);
      found.push(...items(page.body));
      next = page.body.links?.next;
    }
    return { changed: true, items: found };
  }
}

/** The key in the page; after an API restart replaced it, the page is asked for the new one. */
export async function freshKey() {
  const response = await fetch('/map', { cache: 'no-store' });
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  return page.querySelector('meta[name="eids-api-key"]')?.getAttribute('content') ?? '';
}

export function metaContent(name) {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
}
