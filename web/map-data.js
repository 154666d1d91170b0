/* global document, DOMParser */
/**
 * Reads /v1 as any client does: the page's key in Authorization, and conditional requests (ETags), so
 * an unchanged resource costs a 304. A paged resource is read again whole only when its first page
 * changed.
 */
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
  }

  async get(path, conditional = true) {
    const headers = { authorization: `Bearer ${this.key}`, accept: 'application/json, application/geo+json' };
    const etag = conditional ? this.etags.get(path) : undefined;
    if (etag) headers['if-none-match'] = etag;
    const response = await fetch(path, { headers, cache: 'no-store' });
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
