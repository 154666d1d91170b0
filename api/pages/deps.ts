import type { FeedDefinition } from '../../config/index.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import type { DeclarationHealthSource } from '../declarations/health-source.js';
import type { FeedHealthSource } from '../feed-health-source.js';
import type { GaugeHealthSource } from '../gauges/source-health.js';
import type { DependencySource } from '../meta/dependencies.js';
import type { LakeReplicaStatusSource } from '../meta/lake-status.js';
import type { ChangeHub } from '../stream/hub.js';
import type { PageInputs } from './inputs.js';

/** What the status page's view is read from. */
export interface StatusViewDeps {
  catalogue: readonly FeedDefinition[];
  feedHealth: FeedHealthSource;
  /** Each gauge source's health, from its poller; every source unknown when absent. */
  gaugeHealth?: GaugeHealthSource | undefined;
  /** The declaration refresher's health, for /declarations/sources. */
  declarationHealth?: DeclarationHealthSource;
  /** The shared pieces this process watches (Temporal, the key store), for /v1/status; none when absent. */
  dependencies?: DependencySource | undefined;
  /** The interface version (OpenAPI info.version and /v1/status). */
  version: string;
  startedAt: Date;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
  /** The page key, outlines and Temporal readers of the status page and the map (api/pages/). */
  pages?: PageInputs | undefined;
}

/** What the page routes use: the view's inputs, and what /status reads besides for other clients. */
export interface PageDeps extends StatusViewDeps {
  store: ServingStore;
  /** A replica of a lake in a bucket (LAKE_URL=s3://…); absent when the lake is a folder. */
  lakeReplica?: LakeReplicaStatusSource | undefined;
  /** The change stream of this process; /v1/stream answers 503 without it. */
  stream?: ChangeHub | undefined;
  /** Streams this process holds open before it refuses more with 503 (DEFAULT_STREAM_CAPACITY). */
  streamCapacity?: number | undefined;
}
