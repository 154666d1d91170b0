import type { FeedDefinition, Tier } from '../config/index.js';
import type { CapIssuer } from '../exports/cap/cap-alert.js';
import type { ShortWindowMeter } from './access/short-windows.js';
import type { OtherFolderKeys } from './access/other-folders.js';
import type { KeyLookup, QuotaMeter } from './access/types.js';
import type { CursorCodec } from './cursor.js';
import type { RequestLogSink } from './request-log.js';
import type { RequestObserver } from './request-metrics.js';
import type { DeclarationsSource } from './declarations/declaration-store.js';
import type { DeclarationHealthSource } from './declarations/health-source.js';
import type { FeedHealthSource } from './feed-health-source.js';
import type { GaugeHealthSource } from './gauges/source-health.js';
import type { PageInputs } from './pages/inputs.js';
import type { ServingStore } from '../lake/serving/serving-store.js';
import type { DependencySource } from './meta/dependencies.js';
import type { LakeReplicaStatusSource } from './meta/lake-status.js';
import type { ChangeHub } from './stream/hub.js';
import type { StreamTokenCodec } from './stream/tokens.js';
import type { SubscriptionService } from './subscriptions/service.js';

export interface AppDeps {
  store: ServingStore;
  feedHealth: FeedHealthSource;
  catalogue: readonly FeedDefinition[];
  cursors: CursorCodec;
  /** The service as CAP sender (CAP_SENDER, CAP_PROFILE_CODE) with the catalogue's agencies. */
  cap: CapIssuer;
  /** Absolute address for links in CAP documents; the request's own origin when unset. */
  publicBaseUrl?: string | undefined;
  /** The CAP Atom feed file the warehouse writes after each commit (served under /v1/exports). */
  capFeedFile?: string | undefined;
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
  /** The interface version (OpenAPI info.version and /v1/status). */
  version: string;
  startedAt: Date;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
  /** Declarations over this process's geography; the declaration routes answer 503 without them. */
  declarations?: DeclarationsSource;
  /** The declaration refresher's health, for /declarations/sources. */
  declarationHealth?: DeclarationHealthSource;
  /** Each gauge source's health, from its poller; every source unknown when absent. */
  gaugeHealth?: GaugeHealthSource | undefined;
  /** The change stream of this process; /v1/stream answers 503 without it. */
  stream?: ChangeHub | undefined;
  /** Streams this process holds open before it refuses more with 503 (DEFAULT_STREAM_CAPACITY). */
  streamCapacity?: number | undefined;
  /** Signs and checks stream tokens (POST /v1/stream/tokens, GET /v1/stream?token=); none without it. */
  streamTokens?: StreamTokenCodec | undefined;
  /** Webhook subscriptions; /v1/subscriptions answers 503 without them. */
  subscriptions?: SubscriptionService | undefined;
  /** The page key, outlines and Temporal readers of the status page and the map (api/pages/). */
  pages?: PageInputs | undefined;
  /** A replica of a lake in a bucket (LAKE_URL=s3://…); absent when the lake is a folder. */
  lakeReplica?: LakeReplicaStatusSource | undefined;
  /** The shared pieces this process watches (Temporal, the key store), for /v1/status; none when absent. */
  dependencies?: DependencySource | undefined;
}

/** What each resource's routes use: a registrar is given these and nothing else. */
export type IncidentDeps = Pick<AppDeps, 'store' | 'cursors' | 'cap' | 'publicBaseUrl' | 'now'>;
/** What the routes paging through a past window or instant use. */
export type WindowReadDeps = Pick<IncidentDeps, 'store' | 'cursors' | 'now'>;
/** What the routes answering in CAP use. */
export type CapDeps = Pick<IncidentDeps, 'store' | 'cap' | 'publicBaseUrl' | 'now'>;
export type MetaDeps = Pick<
  AppDeps,
  | 'feedHealth'
  | 'gaugeHealth'
  | 'declarationHealth'
  | 'catalogue'
  | 'version'
  | 'startedAt'
  | 'now'
  | 'store'
  | 'lakeReplica'
  | 'dependencies'
>;
export type ExportDeps = Pick<AppDeps, 'capFeedFile' | 'store' | 'now'>;
export type EventDeps = Pick<AppDeps, 'store' | 'cursors' | 'now'>;
export type DeclarationDeps = Pick<AppDeps, 'declarations' | 'declarationHealth' | 'now'>;
export type SubscriptionDeps = Pick<AppDeps, 'subscriptions' | 'now'>;
export type StreamDeps = Pick<
  AppDeps,
  'stream' | 'streamCapacity' | 'streamTokens' | 'quota' | 'quotas' | 'now'
>;

export type { AppEnv } from './env.js';
