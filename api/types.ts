import type { RequestIdVariables } from 'hono/request-id';
import type { FeedDefinition } from '../config/index.js';
import type { FeedHealthSource } from './feed-health-source.js';
import type { ServingStore } from './serving-store.js';

export interface AppDeps {
  store: ServingStore;
  feedHealth: FeedHealthSource;
  catalogue: readonly FeedDefinition[];
  version: string;
  startedAt: Date;
  now: () => Date;
}

export interface AppEnv {
  Variables: RequestIdVariables;
}
