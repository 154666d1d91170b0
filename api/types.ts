import type { RequestIdVariables } from 'hono/request-id';
import type { FeedDefinition, Tier } from '../config/index.js';
import type { CursorCodec } from './cursor.js';
import type { FeedHealthSource } from './feed-health-source.js';
import type { ServingStore } from './serving-store.js';

export interface AppDeps {
  store: ServingStore;
  feedHealth: FeedHealthSource;
  catalogue: readonly FeedDefinition[];
  cursors: CursorCodec;
  /** The plan of requests that carry no key of their own (until API keys land). */
  defaultTier: Tier;
  version: string;
  startedAt: Date;
  now: () => Date;
}

export interface AppEnv {
  Variables: RequestIdVariables & { tier: Tier };
}
