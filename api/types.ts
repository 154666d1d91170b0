import type { RequestIdVariables } from 'hono/request-id';
import type { FeedDefinition, Tier } from '../config/index.js';
import type { CapIssuer } from '../exports/cap/cap-alert.js';
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
  /** The service as CAP sender (CAP_SENDER, CAP_PROFILE_CODE) with the catalogue's agencies. */
  cap: CapIssuer;
  /** Absolute address for links in CAP documents; the request's own origin when unset. */
  publicBaseUrl?: string | undefined;
  /** The CAP Atom feed file the warehouse writes after each commit (served under /v1/exports). */
  capFeedFile?: string | undefined;
  version: string;
  startedAt: Date;
  now: () => Date;
}

/** What createApp takes: the CAP issuer defaults to the default settings over the given catalogue. */
export type AppInput = Omit<AppDeps, 'cap'> & { cap?: CapIssuer | undefined };

export interface AppEnv {
  Variables: RequestIdVariables & { tier: Tier };
}
