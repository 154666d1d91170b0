import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { lookupPostcode } from '../../declarations/index.js';
import { AnswerMemo } from '../http-cache.js';
import type { AppEnv } from '../env.js';
import type { DeclarationDeps } from './deps.js';
import { jsonResponse, problemResponses } from '../validation.js';
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
  responses: { 200: jsonResponse('The postcode’s status', PostcodeResult), ...problemResponses(400, 503) },
});

export function registerPostcode(app: OpenAPIHono<AppEnv>, deps: DeclarationDeps): void {
  // A lookup depends on its inputs and the loaded generation only: each is worked out once.
  const answers = new AnswerMemo();
  app.openapi(postcodeRoute, async (c) => {
    const { postcode } = c.req.valid('param');
    const query = c.req.valid('query');
    const { dataset, geography, generation } = await loadedDeclarations(deps);
    const asAt = query.as_at ?? todayInAustralia(deps.now());
    const includeExpired = query.include_expired ?? false;
    const key = JSON.stringify([postcode, asAt, includeExpired, query.instrument_type, query.suburb]);
    const response = await answers.respond(c, generation, key, () => {
      const result = lookupPostcode(dataset, geography.directory, {
        postcode,
        asAt,
        includeExpired,
        ...(query.instrument_type ? { instrumentType: query.instrument_type } : {}),
        ...(query.suburb !== undefined ? { suburb: query.suburb } : {}),
      });
      const body: z.infer<typeof PostcodeResult> = {
        ...result,
        notes: [...result.notes, ...geography.notes],
        disclaimer: DISCLAIMER,
      };
      return { text: JSON.stringify(body), headers: { 'cache-control': DECLARATION_CACHE_CONTROL } };
    });
    return response as unknown as TypedResponse<z.infer<typeof PostcodeResult>, 200, 'json'>;
  });
}
