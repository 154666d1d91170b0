import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';
import { validationHook } from '../validation.js';
import { GaugeCatalogue } from './catalogue.js';
import type { GaugeRoutesDeps } from './deps.js';
import { registerList } from './list.js';
import { registerOne } from './one.js';
import { registerReadings } from './readings.js';
import { registerSources } from './sources.js';
import { registerSummary } from './summary.js';

/** The gauge resource. The fixed paths (summary, sources) are registered before `/gauges/{id}`. */
export function gaugeRoutes(deps: GaugeRoutesDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const gaugeDeps = { ...deps, catalogue: new GaugeCatalogue(deps.store) };
  registerList(app, gaugeDeps);
  registerSummary(app, gaugeDeps);
  registerSources(app, gaugeDeps);
  registerReadings(app, gaugeDeps);
  registerOne(app, gaugeDeps);
  return app;
}
