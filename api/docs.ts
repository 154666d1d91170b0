import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { problems } from './problem.js';
import type { AppEnv } from './env.js';

/** Swagger UI, served with its assets from the installed package: no CDN, works offline. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Emergency Incident Data Service API</title>
    <link rel="stylesheet" href="/v1/docs/assets/swagger-ui.css" />
    <link rel="icon" href="/v1/docs/assets/favicon-32x32.png" />
  </head>
  <body>
    <div id="docs"></div>
    <script src="/v1/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/v1/docs/assets/swagger-ui-standalone-preset.js"></script>
    <script src="/v1/docs/assets/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#docs',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

export function docsRoutes() {
  const assetsDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Promise<Buffer>>();
  const app = new Hono<AppEnv>();
  app.get('/docs', (c) => c.html(PAGE));
  app.get('/docs/assets/init.js', (c) =>
    c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) throw problems.notFound(`No docs asset ${file}.`);
    let body = cache.get(file);
    if (!body) {
      body = readFile(join(assetsDir, file));
      cache.set(file, body);
    }
    return c.body(new Uint8Array(await body), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
  return app;
}
