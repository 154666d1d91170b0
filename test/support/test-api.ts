import { createApp, type App } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import type { ChangeHub } from '../../api/stream/hub.js';
import type { StreamTokenCodec } from '../../api/stream/tokens.js';
import type { SubscriptionService } from '../../api/subscriptions/service.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import { TIERS, type FeedDefinition, type Tier } from '../../config/index.js';
import { TEST_CAP_ISSUER } from './cap-issuer.js';
import { testAccess, type TestAccess } from './keys.js';
import { ResponseValidator } from './openapi-validator.js';

/**
 * The API as the API tests call it: the app over their serving store, an in-memory key store with a
 * key for every plan, and a validator of responses against the app's own OpenAPI document.
 */
export interface TestApi {
  app: App;
  /** A working key for each plan, for `Authorization: Bearer`. */
  tokens: ReadonlyMap<Tier, string>;
  validator: ResponseValidator;
  /** Closes the key store and the serving store. */
  close(): void;
}

export async function testApi(options: {
  store: ServingStore;
  catalogue: readonly FeedDefinition[];
  /** The app's clock; it starts at its first reading. */
  now: () => Date;
  /** The change stream over `store` (/v1/stream answers 503 without one). */
  stream?: ChangeHub;
  /** Streams the app holds before refusing more (its default otherwise). */
  streamCapacity?: number;
  streamTokens?: StreamTokenCodec;
  /** A key store shared with other apps (replicas); one of its own otherwise. */
  access?: TestAccess;
  quotas?: Readonly<Record<Tier, number>>;
  subscriptions?: SubscriptionService;
}): Promise<TestApi> {
  const { store, now } = options;
  const access = options.access ?? testAccess();
  const tokens = new Map<Tier, string>();
  for (const tier of TIERS) tokens.set(tier, (await access.issue(tier)).token);
  const app = createApp({
    cap: TEST_CAP_ISSUER,
    store,
    feedHealth: { read: () => Promise.resolve([undefined]) },
    catalogue: options.catalogue,
    cursors: new CursorCodec('test-api-cursor-secret'),
    keys: access.store,
    quota: access.store,
    version: 'test',
    startedAt: now(),
    now,
    stream: options.stream,
    streamCapacity: options.streamCapacity,
    streamTokens: options.streamTokens,
    subscriptions: options.subscriptions,
    ...(options.quotas ? { quotas: options.quotas } : {}),
  });
  const document = (await (await app.request('/v1/openapi.json')).json()) as object;
  const validator = new ResponseValidator(document as ConstructorParameters<typeof ResponseValidator>[0]);
  return {
    app,
    tokens,
    validator,
    close: () => {
      if (!options.access) access.close();
      store.close();
    },
  };
}
