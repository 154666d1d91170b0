/**
 * The ceilings of bench/api-load.ts, in a process of their own: bare Hono routes on the Node adapter
 * that do nothing but send bytes. `/tiny` is the cheapest JSON answer; `/bytes/<name>` sends bytes the
 * API sent, with their Content-Type and Content-Encoding, prepared once.
 * Argument: a JSON file of { name, base64, headers }[]. Tells its parent { url } when it listens.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';

export interface BareRoute {
  name: string;
  base64: string;
  headers: Record<string, string>;
}

const [routesFile = ''] = process.argv.slice(2);
const routes = JSON.parse(await readFile(routesFile, 'utf8')) as BareRoute[];
const prepared = new Map(
  routes.map((route) => [route.name, { body: Buffer.from(route.base64, 'base64'), headers: route.headers }]),
);

const app = new Hono();
const tiny = { type: 'FeatureCollection', features: [], meta: { total_count: 0 } };
app.get('/tiny', (c) => c.json(tiny));
app.get('/bytes/:name', (c) => {
  const route = prepared.get(c.req.param('name'));
  if (!route) return c.notFound();
  return c.body(route.body, 200, route.headers);
});

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
server.once('listening', () => {
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
