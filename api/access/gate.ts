import type { Context, MiddlewareHandler } from 'hono';
import { ENTITLEMENT_TIERS, ENTITLEMENTS, type Entitlement, type Tier } from '../../config/index.js';
import { metrics } from '../../telemetry/metrics.js';
import { Unreachable } from '../../telemetry/reachability.js';
import { answerHeaders } from '../answer-headers.js';
import { ProblemError } from '../problem.js';
import type { AppEnv } from '../env.js';
import { authenticate } from './authenticate.js';
import type { ClientAddress } from './client-address.js';
import { hasEntitlement, normaliseOrigin } from './issue.js';
import { accessProblems } from './problems.js';
import { quotaPeriod, rateLimitHeaders, windowRefusalHeaders } from './rate-limit.js';
import { policyFor } from './route-policy.js';
import type { ShortWindowMeter, WindowCount } from './short-windows.js';
import type { OtherFolderKeys } from './other-folders.js';
import type { KeyLookup, QuotaMeter, StoredKey } from './types.js';

export interface GateDeps {
  keys: KeyLookup;
  quota: QuotaMeter;
  quotas: Readonly<Record<Tier, number>>;
  /** Per-second and per-minute limits; none when absent. */
  windows?: ShortWindowMeter | undefined;
  /** The client address that keys shared by many clients are limited per. */
  clientAddress: ClientAddress;
  now: () => Date;
  /**
   * Another way a request may name its key (a stream token in the URL): the key, undefined when the
   * request does not use it (the Authorization header decides), or a thrown 401.
   */
  keyFromRequest?: (c: Context<AppEnv>) => Promise<StoredKey | undefined>;
  /** This checkout's other data folders, which a 401 names when the key is theirs. */
  otherFolders?: OtherFolderKeys | undefined;
}

/** A key's entitlements in force, worked out once per key as read from the store. */
const inForce = new WeakMap<StoredKey, readonly Entitlement[]>();

function entitlementsOf(key: StoredKey): readonly Entitlement[] {
  let entitlements = inForce.get(key);
  if (!entitlements) {
    entitlements = ENTITLEMENTS.filter((entitlement) => hasEntitlement(key, entitlement));
    inForce.set(key, entitlements);
  }
  return entitlements;
}

/** No Origin header: never blocked. An unrestricted key: any origin. Otherwise the origin must be listed. */
export function originAllowed(key: StoredKey, origin: string | undefined): boolean {
  if (origin === undefined || key.origins.length === 0) return true;
  const normalised = normaliseOrigin(origin);
  return normalised !== undefined && key.origins.includes(normalised);
}

/**
 * Applies the route policy before anything else answers (the response cache and 304s included):
 * key, browser origin, entitlement, then the short windows (per second, per minute) and the monthly
 * quota. Sets `tier`, `entitlements` (those in
 * force) and `keyId` for the routes and the request log. Preflights (OPTIONS) carry no key and are
 * answered by the CORS layer.
 */
export function accessGate(deps: GateDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const policy = policyFor(c.req.path);
    if (!policy.key || c.req.method === 'OPTIONS') return next();
    try {
      await admit(deps, c, policy);
    } catch (error) {
      metrics.refusals.inc({ reason: refusalReason(error) });
      throw error;
    }
    return next();
  };
}

/** Why the gate refused, as the refusals metric names it. */
function refusalReason(error: unknown): string {
  if (error instanceof Unreachable) return 'store_unavailable';
  if (!(error instanceof ProblemError)) return 'error';
  switch (error.slug) {
    case 'unauthorized':
      return error.title === 'API key required' ? 'missing_key' : 'invalid_key';
    case 'origin-not-allowed':
      return 'origin';
    case 'entitlement-required':
      return 'entitlement';
    case 'rate-limited':
      return 'rate_limit';
    case 'quota-exceeded':
      return 'quota';
    default:
      return error.slug;
  }
}

/** The checks in order; throws the refusal. Sets the key's details on the context for what follows. */
async function admit(
  deps: GateDeps,
  c: Context<AppEnv>,
  policy: ReturnType<typeof policyFor>,
): Promise<void> {
  const key =
    (await deps.keyFromRequest?.(c)) ??
    (await authenticate(c.req.header('authorization'), deps.keys, deps.otherFolders));
  c.set('keyId', key.id);
  c.set('tier', key.tier);
  c.set('entitlements', entitlementsOf(key));
  const origin = c.req.header('origin');
  if (!originAllowed(key, origin)) {
    c.set('originRejected', true);
    throw accessProblems.originNotAllowed(origin ?? '');
  }
  if (policy.entitlement && !hasEntitlement(key, policy.entitlement)) {
    throw accessProblems.entitlementRequired(policy.entitlement, ENTITLEMENT_TIERS[policy.entitlement]);
  }
  if (!policy.metered) return;

  const now = deps.now();
  const limit = key.monthlyQuota ?? deps.quotas[key.tier];
  c.set('monthlyLimit', limit);
  c.set('ownQuota', key.monthlyQuota !== null);
  // The short windows first: a request they refuse is not counted against the month.
  let windows: WindowCount[] = [];
  if (deps.windows) {
    // A key shared by many clients (the page key) is limited per client, not as a whole.
    const subject = key.perClient ? `${key.id} ${deps.clientAddress(c)}` : key.id;
    const counted = await deps.windows.take(subject, key.tier, now.getTime());
    if (counted.refusedBy) {
      const headers = windowRefusalHeaders(counted.refusedBy, counted.windows, limit, now);
      throw accessProblems.rateLimited(key.tier, counted.refusedBy, key.perClient, headers);
    }
    windows = counted.windows;
  }
  const { allowed, used } = await deps.quota.consume(key.id, quotaPeriod(now), limit);
  const headers = rateLimitHeaders(limit, used, now, windows);
  if (!allowed) throw accessProblems.quotaExceeded(key.tier, limit, key.monthlyQuota !== null, headers);
  Object.assign(answerHeaders(c), headers);
}
