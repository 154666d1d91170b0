import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { GaugeCatalogue } from '../gauges/catalogue.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import { notModifiedResponse, problemResponses, validationHook } from '../validation.js';
import { ARCHIVE_FIELDS, ArchiveTiles } from './archive-tiles.js';
import type { TileDeps } from './deps.js';
import { LiveTiles } from './live-tiles.js';
import { LIVE_FIELDS } from './tile-features.js';
import { TILE_SETS, TileJsonSchema, TileParams, TileSetParams, type TileSetName } from './schemas.js';
import { isTile } from './tile-math.js';

/** The media type of a Mapbox Vector Tile (protobuf, version 2 of the specification). */
export const MVT_MEDIA_TYPE = 'application/vnd.mapbox-vector-tile';
/** Australia and its islands: where the tile sets hold anything. */
const BOUNDS = [112, -44.5, 154.5, -9.5];
/** Each set's layers and the fields their features carry, as TileJSON states them. */
const LAYER_FIELDS: Record<TileSetName, Record<string, Record<string, string>>> = {
  live: LIVE_FIELDS,
  archive: ARCHIVE_FIELDS,
};

const tileJsonRoute = createRoute({
  method: 'get',
  path: '/tiles/{layer}',
  summary: 'A tile set, described (TileJSON)',
  description:
    'The TileJSON 3.0.0 document of a tile set, for map libraries (MapLibre, OpenLayers, QGIS): its tiles’ URL template, zooms, bounds and layers with their fields. The tiles need the same key as every /v1 request.',
  request: { params: TileSetParams },
  responses: {
    200: { description: 'The tile set', content: { 'application/json': { schema: TileJsonSchema } } },
    ...notModifiedResponse,
    ...problemResponses(400),
  },
});

const tileRoute = createRoute({
  method: 'get',
  path: '/tiles/{layer}/{z}/{x}/{y}',
  summary: 'One vector tile',
  description:
    'One Mapbox Vector Tile (version 2, extent 4096) of the set, in the XYZ scheme of Web Mercator: `live` is cut from the serving generation’s live set (each layer cut again only when its lake file changes), `archive` counts the historical incidents per cell. An ETag names the tile’s content, so a tile that did not change answers 304 to If-None-Match across generations. 204 when nothing falls in the tile; 404 for a tile the set does not have (a zoom beyond its maxzoom, or x or y not below 2^z). Not counted against the monthly quota or the per-second limits: one view of a map asks for a dozen tiles at once.',
  request: { params: TileParams },
  responses: {
    200: {
      description: 'The tile',
      content: { [MVT_MEDIA_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } },
    },
    204: { description: 'Nothing in this tile' },
    ...notModifiedResponse,
    ...problemResponses(400, 404),
  },
});

/** Vector tiles of the live set and of the archive, for the map and for other map clients. */
export function tileRoutes(deps: TileDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const live = new LiveTiles(deps.store, new GaugeCatalogue(deps.store), deps.now);
  const archive = new ArchiveTiles(deps.store);
  app.openapi(tileJsonRoute, (c) => c.json(tileJson(c, deps, c.req.valid('param').layer), 200));
  app.openapi(tileRoute, async (c) => {
    const { layer, z: zoom, x, y } = c.req.valid('param');
    const { maxzoom } = TILE_SETS[layer];
    if (zoom > maxzoom)
      throw problems.notFound(`No tile ${zoom}/${x}/${y}: the ${layer} tiles go to zoom ${maxzoom}.`);
    if (!isTile(zoom, x, y))
      throw problems.notFound(`No tile ${zoom}/${x}/${y}: at zoom ${zoom}, x and y are below ${2 ** zoom}.`);
    const bytes = await (layer === 'live' ? live : archive).tile(zoom, x, y);
    if (!bytes) return c.body(null, 204);
    return c.body(bytes, 200, { 'content-type': MVT_MEDIA_TYPE });
  });
  return app;
}

function tileJson(c: Context<AppEnv>, deps: TileDeps, layer: TileSetName): z.infer<typeof TileJsonSchema> {
  const base = (deps.publicBaseUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  const { maxzoom, description } = TILE_SETS[layer];
  return {
    tilejson: '3.0.0',
    name: `Emergency incidents: ${layer}`,
    description,
    tiles: [`${base}/v1/tiles/${layer}/{z}/{x}/{y}`],
    minzoom: 0,
    maxzoom,
    bounds: BOUNDS,
    vector_layers: Object.entries(LAYER_FIELDS[layer]).map(([id, fields]) => ({ id, fields })),
    attribution: 'See /v1/attribution for each source and its licence.',
  };
}
