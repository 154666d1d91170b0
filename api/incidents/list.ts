import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import type { IncidentDeps } from './deps.js';
import { notModifiedResponse, problemResponses } from '../validation.js';
import { CANCEL_WINDOW_MS } from '../../model/index.js';
import { ATOM_MEDIA_TYPE, EDXL_MEDIA_TYPE, respondWithAtom, respondWithEdxl } from './cap-responses.js';
import { collectionContent, nextLink, respondWithPage } from './collection.js';
import { filtersOf } from './list-query.js';
import { IncidentListQuery } from './schemas.js';

const listRoute = createRoute({
  method: 'get',
  path: '/incidents',
  summary: 'Current incidents',
  description:
    'A GeoJSON FeatureCollection of current incidents (point incidents unless featureType is given), paged by an opaque cursor. format=json serves the same document as application/json; format=csv serves the spec columns, with the next page in a Link header. format=cap-atom serves an Atom 1.0 feed whose entries each inline the CAP-AU alert of one incident; incidents retracted within the last 7 days appear as Cancel messages, and the next page is an Atom link rel="next". format=cap-au (deprecated) serves the same alerts in an EDXL-DE 1.0 distribution, with Deprecation and Link rel="successor-version" headers pointing at cap-atom.',
  request: { query: IncidentListQuery },
  responses: {
    200: {
      description: 'A page of incidents',
      content: {
        ...collectionContent,
        [ATOM_MEDIA_TYPE]: { schema: { type: 'string' as const, description: 'format=cap-atom' } },
        [EDXL_MEDIA_TYPE]: {
          schema: {
            type: 'string' as const,
            description: 'format=cap-au (deprecated): EDXL-DE 1.0 of CAP-AU alerts',
          },
        },
      },
      headers: {
        Deprecation: { description: 'format=cap-au only (RFC 9745)', schema: { type: 'string' } },
      },
    },
    ...notModifiedResponse,
    ...problemResponses(400),
  },
});

export function registerList(app: OpenAPIHono<AppEnv>, deps: IncidentDeps): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const filters = filtersOf(query);
    const { fingerprint, afterKey } = deps.cursors.resume(query, filters);
    const cap = query.format === 'cap-atom' || query.format === 'cap-au';
    // CAP feeds carry recent retractions as Cancels; the window moves with the clock, not the cursor.
    const retractedSince = cap ? deps.now().getTime() - CANCEL_WINDOW_MS : undefined;
    const { records, total, more } = (await deps.store.liveIncidents()).page(filters, afterKey, query.limit, {
      retractedSince,
    });
    const last = records[records.length - 1];
    const nextCursor = more && last ? deps.cursors.encode(last.id, fingerprint) : undefined;
    if (cap) {
      const page = { records, next: nextLink(c, nextCursor, 'after') };
      return query.format === 'cap-atom' ? respondWithAtom(c, deps, page) : respondWithEdxl(c, deps, page);
    }
    return respondWithPage(
      c,
      { records, total, nextCursor },
      { format: query.format, source: 'live', generatedAt: deps.now() },
    );
  });
}
