import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { ENTITLEMENTS, TIERS } from '../../config/index.js';
import { notModified } from '../http-cache.js';
import { problems } from '../problem.js';
import type { AppEnv } from '../env.js';
import type { ExportDeps } from './deps.js';
import { jsonResponse, problemResponses, validationHook } from '../validation.js';
import { ATOM_MEDIA_TYPE } from '../incidents/cap-responses.js';
import { IncidentFeatureSchema } from '../incidents/schemas.js';
import { ARROW_STREAM_MEDIA_TYPE } from '../../exports/arrow.js';
import { API_BASE_PATH, CAP_FEED_PATH, EXPORTS_PATH, LAKE_EXPORTS_PATH } from '../../exports/public-paths.js';
import { COLLECTION_NAMES, ExportFiles, PARQUET_MEDIA_TYPE, type CollectionName } from './catalogue.js';
import { registerTableSchemas } from './dictionary.js';
import { bytesBody, fileBody, serveDownload, serveNegotiatedDownload } from './download.js';
import { STORED_CODINGS, type StoredCoding } from '../content-coding.js';
import { StaticFileCache } from './static-file.js';
import { exportRefusal, tableAccessText, type ExportViewer } from './table-access.js';

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
    encodings: z
      .array(
        z.object({
          coding: z.enum(STORED_CODINGS as [StoredCoding, ...StoredCoding[]]),
          bytes: z.number().int(),
          sha256: z.string(),
        }),
      )
      .optional()
      .openapi({
        description:
          'The stored compressed codings of the file, each with its own size and sha256: sent in one when Accept-Encoding takes it (br first, then gzip), with that sha256 as its ETag. Lake files (Parquet, compressed inside) have none.',
      }),
  })
  .openapi('ExportFile');

const CatalogueSchema = z
  .object({
    generation: z.number().int(),
    publishedAt: z.string().nullable(),
    access: z
      .object({
        tier: z.enum(TIERS),
        lookback: z.string(),
        entitlements: z.array(z.enum(ENTITLEMENTS)),
      })
      .openapi({ description: 'The key the list is for: `files` holds only what it may download.' }),
    files: z.array(CatalogueEntrySchema),
    tables: z.record(
      z.string(),
      z.object({
        columns: z.array(z.object({ name: z.string(), type: z.string() })),
        schema: z.string().openapi({
          description: 'Where what each column means is: the table’s Table Schema (data dictionary).',
        }),
        schemaVersion: z.number().int().openapi({
          description:
            'The schema version of the files written now (a file’s own is in the lake’s manifest); what each version changed is in the data dictionary.',
        }),
        partitionBy: z.array(z.string()),
        access: z.object({
          endpoint: z.string(),
          lookback: z.boolean(),
          entitlement: z.enum(ENTITLEMENTS).nullable(),
        }),
        withheld: z.number().int().openapi({
          description: 'Files of this table in the generation that the key may not download (not listed).',
        }),
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
  403: {
    ...problemResponses(403)[403],
    description: `the key may not have the file, as the endpoint serving its table's rows would refuse it (${tableAccessText()})`,
  },
});

const catalogueRoute = createRoute({
  method: 'get',
  path: relative(EXPORTS_PATH),
  summary: 'The bulk exports the key may download, with their sizes and checksums',
  description: `Every file of the lake's current generation (Parquet, as the manifest lists it: table, partition, rows, bytes, sha256 and the range of the table's time column), the current incidents as whole GeoJSON, CSV and Arrow IPC stream files, and the CAP Atom feed: of these, only what the key may download. Each table's files follow the rules of the endpoint serving its rows (${tableAccessText()}); a file the plan's lookback does not reach is not listed. \`tables\` says what each table needs and how many of its files were withheld. Each \`href\` downloads with its sha256 as ETag, 304 to If-None-Match and 206 to Range. The catalogue's own ETag names its content (the list differs by key and moves with the lookback), so If-None-Match answers 304 only while the list is the same.`,
  responses: {
    200: jsonResponse('The catalogue', CatalogueSchema),
    304: { description: "Not Modified: If-None-Match names this key's current list." },
  },
});

const isCollectionName = (name: string): name is CollectionName =>
  (COLLECTION_NAMES as readonly string[]).includes(name);

const collectionRoute = createRoute({
  method: 'get',
  path: `${relative(EXPORTS_PATH)}/incidents/{name}`,
  summary: 'Every current incident as one file',
  description:
    'Every current incident and area feature (retracted ones left out) of the serving generation: `current.geojson` (a FeatureCollection), `current.csv` (the incident CSV columns) or `current.arrows` (an Arrow IPC stream of the record columns). Built once per generation.',
  request: {
    params: z.object({
      name: z.string().openapi({
        description: `The file: ${COLLECTION_NAMES.join(', ')}. Another name is answered 404, as an unknown lake path is.`,
        example: 'current.geojson',
      }),
    }),
  },
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
  description: `\`path\` is the file's path in the lake (it contains \`/\`, e.g. \`archive/state=nsw/source=aidr/part-1840-1969-….parquet\`): the catalogue's \`href\`s. Files are immutable. The files the current manifest names are served, and for 5 minutes after a newer generation replaced them, the files an earlier one named, so that a download from a catalogue just read (or its resumption with \`Range\`) does not fail. A file is served to the keys the endpoint serving its table's rows would serve them to, and refused with that endpoint's 403 otherwise: ${tableAccessText()}.`,
  request: { params: z.object({ path: z.string() }) },
  responses: downloadResponses([PARQUET_MEDIA_TYPE], 'The file'),
};
const lakeFilePattern = `${relative(LAKE_EXPORTS_PATH)}/:path{.+}`;

/** What the export routes share: the files, who asks, and when the live set was published. */
interface ExportContext {
  deps: ExportDeps;
  files: ExportFiles;
  viewerOf: (c: Context<AppEnv>) => ExportViewer;
  publishedAt: () => Date;
}

/** The bulk exports: the catalogue, the lake's Parquet files, whole collections and the CAP Atom feed. */
export function exportRoutes(deps: ExportDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const capFeed = deps.capFeedFile ? new StaticFileCache(deps.capFeedFile) : undefined;
  const context: ExportContext = {
    deps,
    files: new ExportFiles(deps.store, capFeed, deps.now),
    viewerOf: (c) => ({ tier: c.get('tier'), entitlements: c.get('entitlements') }),
    publishedAt: () => new Date(deps.store.current.publishedAt ?? 0),
  };
  registerCatalogue(app, context);
  registerLakeFiles(app, context);
  registerLiveSetDownloads(app, context);
  registerTableSchemas(app);
  return app;
}

function registerCatalogue(app: OpenAPIHono<AppEnv>, { files, viewerOf }: ExportContext): void {
  app.openapi(catalogueRoute, async (c) => {
    const catalogue = await files.catalogue(viewerOf(c));
    const body = JSON.stringify(catalogue);
    // The list is per key and changes as files leave a plan's lookback, so its ETag names its content.
    const digest = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    const headers = {
      etag: `W/"${catalogue.generation}-${digest}"`,
      'cache-control': 'private, max-age=60',
      vary: 'accept-encoding',
    };
    if (notModified(c.req.header('if-none-match'), undefined, headers.etag, null)) {
      return c.body(null, 304, headers);
    }
    return c.body(body, 200, { ...headers, 'content-type': 'application/json' });
  });
}

function registerLakeFiles(app: OpenAPIHono<AppEnv>, { deps, files, viewerOf }: ExportContext): void {
  app.openAPIRegistry.registerPath(lakeFileDocument);
  app.get(lakeFilePattern, async (c) => {
    const found = files.lakeFile(c.req.param('path') ?? '');
    if (!found)
      throw problems.notFound(`No file of the current or a recent lake generation at ${c.req.path}.`);
    const refusal = exportRefusal(found.file.table, found.file.minTime, viewerOf(c), deps.now());
    if (refusal) throw refusal;
    // A replaced file stays a while after the manifest stops naming it; a reader may lag a generation.
    await deps.store.ensureLocal(found.file);
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
}

function registerLiveSetDownloads(
  app: OpenAPIHono<AppEnv>,
  { deps, files, viewerOf, publishedAt }: ExportContext,
): void {
  // The whole collections and the CAP feed hold the live set's rows, under its rules.
  const assertLiveSet = (c: Context<AppEnv>) => {
    const refusal = exportRefusal('incidents_live', null, viewerOf(c), deps.now());
    if (refusal) throw refusal;
  };

  app.openapi(collectionRoute, async (c) => {
    assertLiveSet(c);
    const { name } = c.req.valid('param');
    if (!isCollectionName(name)) {
      throw problems.notFound(
        `No export named ${name}; the current incidents are ${COLLECTION_NAMES.join(', ')}.`,
      );
    }
    const built = await files.collection(name);
    return serveNegotiatedDownload(
      c,
      {
        size: built.bytes.byteLength,
        sha256: built.sha256,
        mediaType: built.mediaType,
        lastModified: publishedAt(),
        immutable: false,
        read: bytesBody(built.bytes),
        filename: `incidents-${built.name}`,
      },
      built.variants,
    );
  });

  app.openapi(capFeedRoute, async (c) => {
    assertLiveSet(c);
    const file = await files.capFeedFile();
    if (!file) throw problems.unavailable('The CAP feed is written after the first warehouse commit.');
    return serveNegotiatedDownload(
      c,
      {
        size: file.body.byteLength,
        sha256: file.sha256,
        mediaType: `${ATOM_MEDIA_TYPE}; charset=utf-8`,
        lastModified: new Date(file.lastModified),
        immutable: false,
        read: bytesBody(file.body),
        filename: 'incidents.atom',
      },
      file.variants,
    );
  });
}
