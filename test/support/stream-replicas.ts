import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '../../api/listen.js';
import { ChangeHub, type HubOptions } from '../../api/stream/hub.js';
import { StreamTokenCodec } from '../../api/stream/tokens.js';
import type { SubscriptionService } from '../../api/subscriptions/service.js';
import { FEED_CATALOGUE, type Tier } from '../../config/index.js';
import { readManifest } from '../../lake/manifest.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import type { IncidentRecord } from '../../model/index.js';
import { publishNow } from '../../warehouse/publisher.js';
import type { Warehouse } from '../../warehouse/warehouse.js';
import type { TestAccess } from './keys.js';
import { testApi, type TestApi } from './test-api.js';

/** One API replica on loopback: its own serving store, change hub, key store and HTTP server. */
export interface Replica {
  url: string;
  store: ServingStore;
  hub: ChangeHub;
  api: TestApi;
  /** A working key of the plan, for `Authorization: Bearer`. */
  token(tier?: Tier): string;
  /** Resolves once this replica has loaded the lake's current generation and handed out its changes. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaOptions extends HubOptions {
  /** Every replica of a deployment shares its keys and its stream token secret. */
  access?: TestAccess;
  tokenSecret?: string;
  quotas?: Readonly<Record<Tier, number>>;
  subscriptions?: SubscriptionService;
  streamCapacity?: number;
}

export async function startReplica(lakeDir: string, options: ReplicaOptions = {}): Promise<Replica> {
  const store = await ServingStore.open(lakeDir, { checkIntervalMs: 50 });
  const hub = await ChangeHub.start(store, options);
  const api = await testApi({
    store,
    catalogue: FEED_CATALOGUE,
    now: () => new Date(),
    stream: hub,
    streamTokens: new StreamTokenCodec(options.tokenSecret ?? 'test-stream-token-secret'),
    ...(options.access ? { access: options.access } : {}),
    ...(options.quotas ? { quotas: options.quotas } : {}),
    ...(options.subscriptions ? { subscriptions: options.subscriptions } : {}),
    ...(options.streamCapacity ? { streamCapacity: options.streamCapacity } : {}),
  });
  const server: Server = await listen(api.app.fetch, '127.0.0.1', 0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    hub,
    api,
    token: (tier = 'pro') => api.tokens.get(tier)!,
    async caughtUp() {
      await store.whenLoaded((await readManifest(lakeDir))?.generation ?? 0);
      await hub.settled();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      hub.close();
      api.close();
    },
  };
}

/**
 * Commits polls of made-up feeds through the warehouse's own path and publishes each as a generation.
 * A poll lists a feed's whole current set: an incident it leaves out is retracted (unguarded).
 */
export class FeedPolls {
  private polls = 0;
  private readonly listings = new Map<string, Map<string, IncidentRecord>>();

  constructor(
    private readonly warehouse: Warehouse,
    private readonly lakeDir: string,
  ) {}

  /** Commits a poll of `feed` listing its current set with `upserts` changed and `removed` gone. */
  async commit(
    feed: string,
    upserts: readonly IncidentRecord[],
    removed: readonly string[] = [],
  ): Promise<void> {
    const listing = this.listings.get(feed) ?? new Map<string, IncidentRecord>();
    this.listings.set(feed, listing);
    for (const record of upserts) listing.set(record.id, record);
    for (const id of removed) listing.delete(id);
    this.polls++;
    await this.warehouse.commit({
      feedKey: feed,
      rawSha256: String(this.polls).padStart(64, '0'),
      incoming: [...listing.values()],
      polledAt: new Date(Date.now() + this.polls).toISOString(),
      pollId: `stream-poll-${this.polls}`,
      guarded: false,
    });
  }

  async publish(): Promise<void> {
    await publishNow(this.warehouse, this.lakeDir);
  }

  /** One poll, published. */
  async poll(
    feed: string,
    upserts: readonly IncidentRecord[],
    removed: readonly string[] = [],
  ): Promise<void> {
    await this.commit(feed, upserts, removed);
    await this.publish();
  }
}
