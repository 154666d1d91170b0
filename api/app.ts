import { OpenAPIHono } from '@hono/zod-openapi';
import type { NotFoundHandler } from 'hono';
import { TIER_MONTHLY_QUOTA, type FeedDefinition, type Tier } from '../config/index.js';
import { clientAddress } from './access/client-address.js';
import { accessGate } from './access/gate.js';
import { keyAwareCors } from './access/cors.js';
import { documentAccess } from './access/openapi.js';
import { docsRoutes } from './docs.js';
import { documentTags } from './document-tags.js';
import { requestEnvelope } from './envelope.js';
import { eventRoutes } from './events/routes.js';
import { exportRoutes } from './exports/routes.js';
import { declarationRoutes } from './declarations/routes.js';
import { compression } from './compression.js';
import { dataCaching } from './http-cache.js';
import { incidentRoutes } from './incidents/routes.js';
import { frontDoorBody, frontDoorRoute } from './meta/front-door.js';
import { gaugeRoutes } from './gauges/routes.js';
import { readinessRoute } from './meta/lake-status.js';
import { metaRoutes } from './meta/routes.js';
import { documentStreamToken, documentWebhooks } from './stream/openapi.js';
import { streamRoutes } from './stream/routes.js';
import { streamTokenKey } from './stream/tokens.js';
import { subscriptionRoutes } from './subscriptions/routes.js';
import { tileRoutes } from './tiles/routes.js';
import { PreparedAnswer } from './prepared-answer.js';
import { pageRoutes } from './pages/routes.js';
import { onError, problemResponse, problems } from './problem.js';
import type { AppEnv } from './env.js';
import type { KeyLookup, QuotaMeter } from './access/types.js';
import type { OtherFolderKeys } from './access/other-folders.js';
import type { ShortWindowMeter } from './access/short-windows.js';
import type { DeclarationDeps } from './declarations/deps.js';
import type { EventDeps } from './events/deps.js';
import type { ExportDeps } from './exports/deps.js';
import type { GaugeRoutesDeps } from './gauges/deps.js';
import type { IncidentDeps } from './incidents/deps.js';
import type { MetaDeps } from './meta/deps.js';
import type { PageDeps } from './pages/deps.js';
import type { RequestLogSink } from './request-log.js';
import type { RequestObserver } from './request-metrics.js';
import type { StreamDeps } from './stream/deps.js';
import type { StreamTokenCodec } from './stream/tokens.js';
import type { SubscriptionDeps } from './subscriptions/deps.js';
import type { TileDeps } from './tiles/deps.js';
import type { ServingStore } from '../lake/serving/serving-store.js';
import {
  allowedMethods,
  declaredParameters,
  declaredParametersOnly,
  documentRequestRules,
  methodNotAllowed,
  type DeclaredParameters,
} from './request-rules.js';
import { validationHook } from './validation.js';

/**
 * Every dependency of the app: what each resource's registrar uses, and what the app itself uses in
 * front of them (the access gate, the request log, the data cache, the OpenAPI document).
 */
export interface AppDeps
  extends
    IncidentDeps,
    EventDeps,
    GaugeRoutesDeps,
    ExportDeps,
    DeclarationDeps,
    MetaDeps,
    StreamDeps,
    SubscriptionDeps,
    TileDeps,
    PageDeps {
  store: ServingStore;
  catalogue: readonly FeedDefinition[];
  /** Keys: the store, or its in-memory copy (api/access/memory-access.ts) as the server uses. */
  keys: KeyLookup;
  /** This checkout's other data folders, which a 401 names when a key is theirs (none: not asked). */
  otherFolders?: OtherFolderKeys | undefined;
  /** Request counting: the store one request at a time, or leases counted in memory. */
  quota: QuotaMeter;
  /** Per-second and per-minute limits (api/access/short-windows.ts); none when absent. */
  windows?: ShortWindowMeter | undefined;
  /**
   * The header a proxy in front sets the client's address in (CLIENT_ADDRESS_HEADER); the socket's
   * remote address when absent.
   */
  clientAddressHeader?: string | undefined;
  /** Monthly requests per plan; config/tiers.ts when absent. */
  quotas?: Readonly<Record<Tier, number>>;
  /** Receives one line per request (never a key); no request log when absent. */
  log?: RequestLogSink;
  /** Told of each request answered (metrics: api/request-metrics.ts); none when absent. */
  observe?: RequestObserver | undefined;
  /** Signs and checks stream tokens (POST /v1/stream/tokens, GET /v1/stream?token=); none without it. */
  streamTokens?: StreamTokenCodec | undefined;
  /** The interface version (OpenAPI info.version and /v1/status). */
  version: string;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}

/** The HTTP application, independent of any server: tests call `app.request(...)`. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const document = lazyDocument(app, deps);
  useFrontMiddleware(app, deps, document);
  useDataCaching(app, deps);

  // The status page and the map (api/pages/): first, so a browser asking for `/` gets the page.
  app.route('/', pageRoutes(deps));

  // The front door: `/` and `/v1` say where to go, without a key.
  const frontDoorHeaders = { 'cache-control': 'public, max-age=3600' };
  const frontDoor = {
    // A browser gets the status page at `/`: caches must keep the two apart.
    '/': new PreparedAnswer(frontDoorBody(deps.version), {
      ...frontDoorHeaders,
      vary: 'accept-encoding, Accept',
    }),
    '/v1': new PreparedAnswer(frontDoorBody(deps.version), frontDoorHeaders),
  };
  for (const path of ['/', '/v1'] as const) {
    app.openapi(frontDoorRoute(path), (c) => frontDoor[path].respond(c));
  }

  app.openapi(readinessRoute, (c) => {
    c.header('cache-control', 'no-store');
    const { generation, publishedAt } = deps.store.current;
    if (generation === 0) throw problems.unavailable('No lake generation is loaded yet.');
    return c.json({ ready: true as const, generation, publishedAt }, 200);
  });

  const v1 = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  v1.route('/', incidentRoutes(deps));
  v1.route('/', metaRoutes(deps));
  v1.route('/', eventRoutes(deps));
  v1.route('/', exportRoutes(deps));
  v1.route('/', gaugeRoutes(deps));
  v1.route('/', docsRoutes());
  v1.route('/', declarationRoutes(deps));
  v1.route('/', streamRoutes(deps));
  v1.route('/', subscriptionRoutes(deps));
  v1.route('/', tileRoutes(deps));
  app.route('/v1', v1);

  app.get('/v1/openapi.json', (c) => c.json(document()));
  app.notFound(notFoundOrOtherMethod(app));
  app.onError(onError);
  return app;
}

/**
 * What stands in front of every route: the request envelope, CORS, the access gate, the
 * declared-parameter rule and compression (outside the data cache, which keeps its own gzip).
 */
function useFrontMiddleware(app: OpenAPIHono<AppEnv>, deps: AppDeps, document: () => object): void {
  // Request id, security headers, on the way out every header middleware added on the way in, and
  // the request log's line.
  app.use('*', requestEnvelope(deps.log, deps.observe));
  app.use('*', keyAwareCors());
  // Keys, origins, entitlements and quotas before any answer, cached ones and 304s included.
  app.use(
    '*',
    accessGate({
      keys: deps.keys,
      quota: deps.quota,
      quotas: deps.quotas ?? TIER_MONTHLY_QUOTA,
      windows: deps.windows,
      clientAddress: clientAddress(deps.clientAddressHeader),
      now: deps.now,
      otherFolders: deps.otherFolders,
      ...(deps.streamTokens
        ? { keyFromRequest: streamTokenKey(deps.streamTokens, deps.keys, deps.now) }
        : {}),
    }),
  );

  let declared: DeclaredParameters | undefined;
  // Before the caches: a misspelt filter is refused, never answered as if it were absent.
  app.use(
    '*',
    declaredParametersOnly(() => (declared ??= declaredParameters(document()))),
  );
  app.use('*', compression());
}

/** The data routes' answer cache, with their freshness. */
function useDataCaching(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  // Inside compression, which leaves the cache's own gzipped bytes as they are.
  // Data changes once per poll: a minute of freshness, and a stale copy is fine while revalidating.
  // `private`: answers are per key (plan, quota), so shared caches must not hand them to others.
  const cadences = deps.catalogue.map((feed) => feed.pollIntervalSeconds);
  const revalidate = cadences.length > 0 ? Math.min(...cadences) : 300;
  const caching = dataCaching(deps.store, `private, max-age=60, stale-while-revalidate=${revalidate}`);
  // One pattern per prefix: `/x/*` matches `/x` itself too. Adding `/x` as well ran the cache twice
  // on `/x`, and the outer pass cached and gzipped the inner pass's gzip (dataCaching now guards too).
  app.use('/v1/incidents/*', caching);
  app.use('/v1/events/*', caching);
  // Tiles too: each named by its content, so an unchanged one answers 304 across generations.
  app.use('/v1/tiles/*', caching);
  // Not the exports: the catalogue is per key and moves with the plans' lookbacks, so it sets its own
  // ETag from its content; the downloads carry their checksums.
}

/**
 * The OpenAPI document, generated once on first use (every route is registered by then), with the
 * access rules and the request rules stated from the same tables that enforce them.
 */
function lazyDocument(app: OpenAPIHono<AppEnv>, deps: AppDeps): () => object {
  let generated: object | undefined;
  return () =>
    (generated ??= documentTags(
      documentRequestRules(
        documentWebhooks(
          documentStreamToken(
            documentAccess(
              app.getOpenAPI31Document({
                openapi: '3.1.0',
                info: { title: 'Emergency Incident Data Service', version: deps.version },
                servers: [{ url: '/' }],
              }),
              deps.windows?.limits,
            ),
          ),
        ),
      ),
    ));
}

/** 405 with `Allow` for a path the app serves with other methods; 404 for a path it does not serve. */
function notFoundOrOtherMethod(app: OpenAPIHono<AppEnv>): NotFoundHandler<AppEnv> {
  let methodsOn: ((path: string) => string[]) | undefined;
  return (c) => {
    const allowed = (methodsOn ??= allowedMethods(app.routes))(c.req.path);
    if (allowed.length > 0) return problemResponse(c, methodNotAllowed(c.req.method, allowed));
    return problemResponse(c, problems.notFound(`No resource at ${c.req.path}.`));
  };
}

export type App = ReturnType<typeof createApp>;
