import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { PROJECT_WEB_DIR } from './web-dir.js';

/** A file served as it is, with its gzip made once and an ETag naming its content. */
export interface Asset {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
  type: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
};

export function assetOf(body: Uint8Array, name: string): Asset {
  const type = TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
  return {
    body: new Uint8Array(body),
    gzip: new Uint8Array(gzipSync(body, { level: 9 })),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    type,
  };
}

const MAPLIBRE_DIR = dirname(createRequire(import.meta.url).resolve('maplibre-gl'));

/** Every static file of the pages, by URL: the browser code in web/ and MapLibre from its package. */
export const ASSET_FILES: Readonly<Record<string, string>> = {
  '/status/assets/pages.css': join(PROJECT_WEB_DIR, 'pages.css'),
  '/status/assets/status.js': join(PROJECT_WEB_DIR, 'status.js'),
  '/map/assets/map.js': join(PROJECT_WEB_DIR, 'map.js'),
  '/map/assets/map-data.js': join(PROJECT_WEB_DIR, 'map-data.js'),
  '/map/assets/map-layers.js': join(PROJECT_WEB_DIR, 'map-layers.js'),
  '/map/assets/map-list.js': join(PROJECT_WEB_DIR, 'map-list.js'),
  '/map/assets/map-stream.js': join(PROJECT_WEB_DIR, 'map-stream.js'),
  '/map/assets/maplibre-gl.js': join(MAPLIBRE_DIR, 'maplibre-gl.js'),
  '/map/assets/maplibre-gl.css': join(MAPLIBRE_DIR, 'maplibre-gl.css'),
};

/** The JavaScript the map page loads, for the budget (bench/map-render.ts, test/api/pages/pages-http.test.ts). */
export const MAP_SCRIPTS = Object.keys(ASSET_FILES).filter(
  (path) => path.startsWith('/map/') && path.endsWith('.js'),
);

/** Read once per process, on first request. */
export class AssetCache {
  private readonly loaded = new Map<string, Promise<Asset>>();

  get(path: string, load: () => Promise<Uint8Array>): Promise<Asset> {
    let asset = this.loaded.get(path);
    if (!asset) {
      asset = load().then((body) => assetOf(body, path));
      // A failed read is tried again on the next request.
      asset.catch(() => this.loaded.delete(path));
      this.loaded.set(path, asset);
    }
    return asset;
  }

  file(path: string): Promise<Asset> | undefined {
    const file = ASSET_FILES[path];
    return file === undefined ? undefined : this.get(path, () => readFile(file));
  }
}

/** 304 to a matching If-None-Match; gzip to clients that take it (the compression middleware then passes). */
export function sendAsset(c: Context, asset: Asset, cacheControl: string): Response {
  const headers: Record<string, string> = {
    'content-type': asset.type,
    etag: asset.etag,
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
  };
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === asset.etag)) {
    return c.body(null, 304, headers);
  }
  const gzip = /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
  if (gzip) headers['content-encoding'] = 'gzip';
  return c.body(gzip ? asset.gzip : asset.body, 200, headers);
}
