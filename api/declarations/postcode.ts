import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { lookupPostcode } from '../../declarations/index.js';
import type { AppEnv, DeclarationDeps } from '../types.js';
import { problemResponses } from '../validation.js';
import { DECLARATION_CACHE_CONTROL, loadedDeclarations } from './loaded.js';
import { PostcodeParams, PostcodeQuery, todayInAustralia } from './params.js';
import { DISCLAIMER, PostcodeResult } from './schemas.js';

const postcodeRoute = createRoute({
  method: 'get',
  path: '/declarations/postcode/{postcode}',
  summary: 'Declaration status of a postcode',
  description:
    'The LGAs the postcode’s suburbs lie in (by where their G-NAF addresses are), each with its declaration status on as_at, and the postcode’s matchStatus: declared only when every LGA is, partial when some are, else activation_only, uncertain or not_declared (docs/adr/0012). An unknown postcode answers 200 with unknown_postcode.',
  request: { params: PostcodeParams, query: PostcodeQuery },
  responses: {
    200: {
      description: 'The postcode’s status',
      content: { 'application/json': { schema: PostcodeResult } },
    },
    ...problemResponses(400, 503),
  },
});

export function registerPostcode(app: OpenAPIHono<AppEnv>, deps: DeclarationDeps): void {
  app.openapi(postcodeRoute, async (c) => {
    const { postcode } = c.req.valid('param');
    const query = c.req.valid('query');
    const { dataset, geography } = await loadedDeclarations(deps);
    const result = lookupPostcode(dataset, geography.directory, {
      postcode,
      asAt: query.as_at ?? todayInAustralia(deps.now()),
      includeExpired: query.include_expired ?? false,
      ...(query.instrument_type ? { instrumentType: query.instrument_type } : {}),
      ...(query.suburb !== undefined ? { suburb: query.suburb } : {}),
    });
    c.header('cache-control', DECLARATION_CACHE_CONTROL);
    return c.json({ ...result, notes: [...result.notes, ...geography.notes], disclaimer: DISCLAIMER }, 200);
  });
}
