import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { stat } from 'node:fs/promises';
import { problems } from '../problem.js';
import type { AppEnv, ExportDeps } from '../types.js';
import { notModifiedResponse, problemResponses, validationHook } from '../validation.js';
import { ATOM_MEDIA_TYPE } from '../incidents/cap-responses.js';
import { IncidentFeatureSchema } from '../incidents/schemas.js';
import { ARROW_STREAM_MEDIA_TYPE } from '../../exports/arrow.js';
import { API_BASE_PATH, CAP_FEED_PATH, EXPORTS_PATH, LAKE_EXPORTS_PATH } from '../../exports/public-paths.js';
import { COLLECTION_NAMES, ExportFiles, PARQUET_MEDIA_TYPE, type CollectionName } from './catalogue.js';
import { bytesBody, fileBody, serveDownload } from './download.js';
import { StaticFileCache } from './static-file.js';

const relative = (path: string): string => path.slice(API_BASE_PATH.length);
const binary = { schema: z.string().openapi({ format: 'binary' }) };

const CatalogueEntrySchema = z
  .object({
    href: z.string(),
    format: z.enum(['parquet', 'geojson', 'csv', 'arrow', 'atom']),
    mediaType: z.string(),
    table: z.string(),
    partition: z.record(z.string(), z.string()),
    rows: z.number().int().nullable(),
    bytes: z.number().int(),
    sha256: z.string(),
    minTime: z.string().nullable(),
    maxTime: z.string().nullable(),
  })
  .openapi('ExportFile');

const CatalogueSchema = z
  .object({
    generation: z.number().int(),
    publishedAt: z.string().nullable(),
    files: z.array(CatalogueEntrySchema),
    tables: z.record(
      z.string(),
      z.object({
        columns: z.array(z.object({ name: z.string(), type: z.string() })),
        partitionBy: z.array(z.string()),
      }),
    ),
  })
  .openapi('ExportCatalogue');

/** The current incidents as one GeoJSON file. */
const CurrentCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(IncidentFeatureSchema),
    meta: z.object({ total_count: z.number().int(), generatedAt: z.string().nullable() }),
    attribution: z.string(),
  })
  .openapi('IncidentExport');

const downloadResponses = (
  mediaTypes: readonly string[],
  description: string,
  schemas: Record<string, { schema: z.ZodType }> = {},
) => ({
  200: {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, schemas[type] ?? binary])),
  },
  206: {
    description: 'The byte range asked for (`Range: bytes=…`), with Content-Range',
    content: Object.fromEntries(mediaTypes.map((type) => [type, binary])),
  },
  304: { description: 'Not Modified: If-None-Match names the file checksum (the ETag).' },
  ...problemResponses(404, 416),
});

const catalogueRoute = createRoute({
  method: 'get',
  path: relative(EXPORTS_PATH),
  summary: 'The bulk exports: every downloadable file with its size and checksum',
  description:
    "Every file of the lake's current generation (Parquet, as the manifest lists it: table, partition, rows, bytes, sha256 and the range of the table's time column), the current incidents as whole GeoJSON, CSV and Arrow IPC stream files, and the CAP Atom feed. Each `href` downloads with its sha256 as ETag, 304 to If-None-Match and 206 to Range.",
  responses: {
    200: { description: 'The catalogue', content: { 'application/json': { schema: CatalogueSchema } } },
    ...notModifiedResponse,
  },
});

const collectionRoute = createRoute({
  method: 'get',
  path: `${relative(EXPORTS_PATH)}/incidents/{name}`,
  summary: 'Every current incident as one file',
  description:
    'Every current incident and area feature (retracted ones left out) of the serving generation: `current.geojson` (a FeatureCollection), `current.csv` (the incident CSV columns) or `current.arrows` (an Arrow IPC stream of the record columns). Built once per generation.',
  request: { params: z.object({ name: z.enum(COLLECTION_NAMES as [CollectionName, ...CollectionName[]]) }) },
  responses: downloadResponses(
    ['application/geo+json', 'text/csv', ARROW_STREAM_MEDIA_TYPE],
    'The collection',
    {
      'application/geo+json': { schema: CurrentCollectionSchema },
    },
  ),
});

const capFeedRoute = createRoute({
  method: 'get',
  path: relative(CAP_FEED_PATH),
  summary: 'The whole CAP Atom feed, as a static file',
  description:
    'Written after every warehouse commit: every current incident and area feature, each entry inlining the CAP-AU alert of its latest version, and incidents retracted within the last 7 days as Cancel messages. Unpaged. ETag is its sha256; If-None-Match answers 304, Range 206.',
  responses: { ...downloadResponses([ATOM_MEDIA_TYPE], 'The feed'), ...problemResponses(503) },
});

/** Documented here; routed by `lakeFilePattern`, since a lake path has several segments. */
const lakeFileDocument = {
  method: 'get' as const,
  path: `${relative(LAKE_EXPORTS_PATH)}/{path}`,
  summary: 'A Parquet file of the lake, as the catalogue lists it',
  description:
    "`path` is the file's path in the lake (it contains `/`, e.g. `archive/state=nsw/source=aidr/part-1840-1969-….parquet`): the catalogue's `href`s. Files are immutable. The files the current manifest names are served, and for 5 minutes after a newer generation replaced them, the files an earlier one named, so that a download from a catalogue just read (or its resumption with `Range`) does not fail.",
  request: { params: z.object({ path: z.string() }) },
  responses: downloadResponses([PARQUET_MEDIA_TYPE], 'The file'),
};
const lakeFilePattern = `${relative(LAKE_EXPORTS_PATH)}/:path{.+}`;

/** The bulk exports: the catalogue, the lake's Parquet files, whole collections and the CAP Atom feed. */
export function exportRoutes(deps: ExportDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const capFeed = deps.capFeedFile ? new StaticFileCache(deps.capFeedFile) : undefined;
  const files = new ExportFiles(deps.store, capFeed, deps.now);
  const publishedAt = () => new Date(deps.store.current.publishedAt ?? 0);

  app.openapi(catalogueRoute, async (c) => c.json(await files.catalogue(), 200));

  app.openAPIRegistry.registerPath(lakeFileDocument);
  app.get(lakeFilePattern, async (c) => {
    const found = files.lakeFile(c.req.param('path') ?? '');
    if (!found)
      throw problems.notFound(`No file of the current or a recent lake generation at ${c.req.path}.`);
    // A replaced file stays a while after the manifest stops naming it; a reader may lag a generation.
    const info = await stat(found.absolute).catch(() => undefined);
    if (!info) throw problems.notFound(`The file at ${c.req.path} has been replaced.`);
    return serveDownload(c, {
      size: info.size,
      sha256: found.file.sha256,
      mediaType: PARQUET_MEDIA_TYPE,
      lastModified: info.mtime,
      immutable: true,
      read: fileBody(found.absolute),
      filename: found.file.path.replaceAll('/', '_'),
    });
  });

  app.openapi(collectionRoute, async (c) => {
    const built = await files.collection(c.req.valid('param').name);
    return serveDownload(c, {
      size: built.bytes.byteLength,
      sha256: built.sha256,
      mediaType: built.mediaType,
      lastModified: publishedAt(),
      immutable: false,
      read: bytesBody(built.bytes),
      filename: `incidents-${built.name}`,
    });
  });

  app.openapi(capFeedRoute, async (c) => {
    const file = await files.capFeedFile();
    if (!file) throw problems.unavailable('The CAP feed is written after the first warehouse commit.');
    return serveDownload(c, {
      size: file.body.byteLength,
      sha256: file.sha256,
      mediaType: `${ATOM_MEDIA_TYPE}; charset=utf-8`,
      lastModified: new Date(file.lastModified),
      immutable: false,
      read: bytesBody(file.body),
      filename: 'incidents.atom',
    });
  });
  return app;
}
