import type { RequestIdVariables } from 'hono/request-id';
import type { FeedDefinition, Tier } from '../config/index.js';
import type { CapIssuer } from '../exports/cap/cap-alert.js';
import type { KeyStore, QuotaCounter } from './access/types.js';
import type { CursorCodec } from './cursor.js';
import type { FeedHealthSource } from './feed-health-source.js';
import type { ServingStore } from './serving-store.js';

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
  keys: KeyStore;
  quota: QuotaCounter;
  /** Monthly requests per plan; config/tiers.ts when absent. */
  quotas?: Readonly<Record<Tier, number>>;
  /** Receives one line per request (never a key); no request log when absent. */
  log?: (line: string) => void;
  version: string;
  startedAt: Date;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}

/** What createApp takes: the CAP issuer defaults to the default settings over the given catalogue. */
export type AppInput = Omit<AppDeps, 'cap'> & { cap?: CapIssuer | undefined };

export interface AppEnv {
  Variables: RequestIdVariables & {
    /**
     * The plan of the request's key. Set by the access gate on every keyed route; only keyed routes
     * read it, and paths without a policy row need a key.
     */
    tier: Tier;
    keyId?: string;
    originRejected?: boolean;
  };
}
