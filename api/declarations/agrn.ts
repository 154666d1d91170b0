import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { agrnDetail } from '../../declarations/index.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { DeclarationDeps } from './deps.js';
import { jsonResponse, problemResponses } from '../validation.js';
import { DECLARATION_CACHE_CONTROL, loadedDeclarations } from './loaded.js';
import { AgrnParams, AgrnQuery, todayInAustralia } from './params.js';
import { AgrnResult, DISCLAIMER } from './schemas.js';

const agrnRoute = createRoute({
  method: 'get',
  path: '/declarations/agrn/{agrn}',
  summary: 'One disaster by its AGRN, every source merged',
  description:
    'Every instrument naming the Australian Government Reference Number, from every source, with the full list of affected LGAs (and suburbs, for activations made below LGA level), statuses on as_at.',
  request: { params: AgrnParams, query: AgrnQuery },
  responses: { 200: jsonResponse('The AGRN', AgrnResult), ...problemResponses(400, 404, 503) },
});

export function registerAgrn(app: OpenAPIHono<AppEnv>, deps: DeclarationDeps): void {
  app.openapi(agrnRoute, async (c) => {
    const { agrn } = c.req.valid('param');
    const { as_at } = c.req.valid('query');
    const { dataset } = await loadedDeclarations(deps);
    const detail = agrnDetail(dataset, Number(agrn), { asAt: as_at ?? todayInAustralia(deps.now()) });
    if (!detail) throw problems.notFound(`No declaration or activation has AGRN ${Number(agrn)}.`);
    c.header('cache-control', DECLARATION_CACHE_CONTROL);
    return c.json({ ...detail, disclaimer: DISCLAIMER }, 200);
  });
}
