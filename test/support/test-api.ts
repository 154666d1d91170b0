import { createApp, type App } from '../../api/app.js';
import { CursorCodec } from '../../api/cursor.js';
import type { ServingStore } from '../../lake/serving/serving-store.js';
import { TIERS, type FeedDefinition, type Tier } from '../../config/index.js';
import { TEST_CAP_ISSUER } from './cap-issuer.js';
import { testAccess } from './keys.js';
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
}): Promise<TestApi> {
  const { store, now } = options;
  const access = testAccess();
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
  });
  const document = (await (await app.request('/v1/openapi.json')).json()) as object;
  const validator = new ResponseValidator(document as ConstructorParameters<typeof ResponseValidator>[0]);
  return {
    app,
    tokens,
    validator,
    close: () => {
      access.close();
      store.close();
    },
  };
}
