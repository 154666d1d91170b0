import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { DEFAULT_HORIZONS, listDeclarations } from '../../declarations/index.js';
import type { AppEnv } from '../env.js';
import type { DeclarationDeps } from './deps.js';
import { jsonResponse, problemResponses } from '../validation.js';
import { DECLARATION_CACHE_CONTROL, loadedDeclarations } from './loaded.js';
import { ListQuery, todayInAustralia } from './params.js';
import { DISCLAIMER, ListPage } from './schemas.js';
import { linkWith, selfLink } from '../request-links.js';

const listRoute = createRoute({
  method: 'get',
  path: '/declarations',
  summary: 'Declarations and activations, filtered',
  description:
    'One item per instrument (a state declaration, or a DRFA activation, of one jurisdiction for one AGRN), newest start first, with its status on active_on. Keyset paging: follow links.next until it is absent.',
  request: { query: ListQuery },
  responses: { 200: jsonResponse('A page of instruments', ListPage), ...problemResponses(400, 503) },
});

export function registerList(app: OpenAPIHono<AppEnv>, deps: DeclarationDeps): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const { dataset } = await loadedDeclarations(deps);
    const activeOn = query.active_on ?? todayInAustralia(deps.now());
    const page = listDeclarations(dataset, {
      activeOn,
      status: query.status,
      limit: query.limit,
      ...(query.jurisdiction ? { jurisdiction: query.jurisdiction } : {}),
      ...(query.instrument_type ? { instrumentType: query.instrument_type } : {}),
      ...(query.disaster_type ? { disasterType: query.disaster_type } : {}),
      ...(query.cursor ? { after: query.cursor } : {}),
    });
    const self = selfLink(c);
    const nextCursor = page.nextCursor;
    const next = nextCursor ? linkWith(c, (params) => params.set('cursor', nextCursor)) : undefined;
    c.header('cache-control', DECLARATION_CACHE_CONTROL);
    return c.json(
      {
        items: page.items,
        meta: { count: page.items.length, activeOn, nextCursor: page.nextCursor, horizons: DEFAULT_HORIZONS },
        links: { self, ...(next ? { next } : {}) },
        disclaimer: DISCLAIMER,
      },
      200,
    );
  });
}
