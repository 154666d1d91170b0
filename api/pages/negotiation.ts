/**
 * Whether a request's Accept header prefers an HTML page to JSON: browsers send `text/html` first;
 * curl (any type), fetch() and API clients do not, so they keep the JSON answers. A quality of 0 refuses.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let htmlQuality = 0;
  let jsonQuality = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(quality)) continue;
    if (type === 'text/html' || type === 'application/xhtml+xml')
      htmlQuality = Math.max(htmlQuality, quality);
    if (type === 'application/json' || type.endsWith('+json')) jsonQuality = Math.max(jsonQuality, quality);
  }
  return htmlQuality > 0 && htmlQuality >= jsonQuality;
}
