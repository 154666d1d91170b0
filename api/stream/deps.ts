import type { Tier } from '../../config/index.js';
import type { QuotaMeter } from '../access/types.js';
import type { ChangeHub } from './hub.js';
import type { StreamTokenCodec } from './tokens.js';

/** What the stream routes use: the registrar is given these and nothing else. */
export interface StreamDeps {
  /** The change stream of this process; /v1/stream answers 503 without it. */
  stream?: ChangeHub | undefined;
  /** Streams this process holds open before it refuses more with 503 (DEFAULT_STREAM_CAPACITY). */
  streamCapacity?: number | undefined;
  /** Signs and checks stream tokens (POST /v1/stream/tokens, GET /v1/stream?token=); none without it. */
  streamTokens?: StreamTokenCodec | undefined;
  /** Request counting: the store one request at a time, or leases counted in memory. */
  quota: QuotaMeter;
  /** Monthly requests per plan; config/tiers.ts when absent. */
  quotas?: Readonly<Record<Tier, number>>;
  /** The clock of lookbacks, quota periods and RateLimit-Reset. */
  now: () => Date;
}
