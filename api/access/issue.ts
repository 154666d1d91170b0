import { ENTITLEMENT_TIERS, ENTITLEMENTS, TIERS, type Entitlement, type Tier } from '../../config/index.js';
import { generateKey } from './key-format.js';
import type { KeyInfo, KeyStore, StoredKey } from './types.js';

export interface KeyRequest {
  tier: string;
  label?: string;
  entitlements?: readonly string[];
  origins?: readonly string[];
  /** Requests a month for this key alone (a positive integer); the plan's when absent or null. */
  monthlyQuota?: number | null;
  /** Short-window limits per client address (a key shared by many clients). */
  perClient?: boolean;
}

export class KeyRequestError extends Error {
  override readonly name = 'KeyRequestError';
}

/** `https://App.Example:443/` → `https://app.example`; undefined for anything that is not a bare http(s) origin. */
export function normaliseOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
  return url.origin;
}

/** Whether a key's entitlement is in force: granted to the key, and its plan is one that may have it. */
export function hasEntitlement(key: Pick<StoredKey, 'tier' | 'entitlements'>, entitlement: Entitlement) {
  return key.entitlements.includes(entitlement) && ENTITLEMENT_TIERS[entitlement].includes(key.tier);
}

/** A key request checked and normalised: what {@link issueKey} stores. */
export type CheckedKeyRequest = Pick<
  StoredKey,
  'tier' | 'label' | 'entitlements' | 'origins' | 'monthlyQuota' | 'perClient'
>;

/** Checks a request for a key before anything is stored; a KeyRequestError says what is wrong with it. */
export function checkKeyRequest(request: KeyRequest): CheckedKeyRequest {
  const tier = request.tier as Tier;
  if (!TIERS.includes(tier)) {
    throw new KeyRequestError(`tier must be one of ${TIERS.join(', ')} (got ${request.tier}).`);
  }
  const entitlements = [...new Set(request.entitlements ?? [])] as Entitlement[];
  for (const entitlement of entitlements) {
    if (!ENTITLEMENTS.includes(entitlement)) {
      throw new KeyRequestError(
        `entitlement must be one of ${ENTITLEMENTS.join(', ')} (got ${entitlement}).`,
      );
    }
    if (!ENTITLEMENT_TIERS[entitlement].includes(tier)) {
      throw new KeyRequestError(
        `the ${entitlement} entitlement is for ${ENTITLEMENT_TIERS[entitlement].join(', ')} plans, not ${tier}.`,
      );
    }
  }
  const origins: string[] = [];
  for (const value of request.origins ?? []) {
    const origin = normaliseOrigin(value);
    if (!origin) throw new KeyRequestError(`origin must look like https://app.example (got ${value}).`);
    if (!origins.includes(origin)) origins.push(origin);
  }
  const monthlyQuota = request.monthlyQuota ?? null;
  if (monthlyQuota !== null && !(Number.isSafeInteger(monthlyQuota) && monthlyQuota > 0)) {
    throw new KeyRequestError(`monthly quota must be a whole number above 0 (got ${monthlyQuota}).`);
  }
  return {
    tier,
    label: request.label ?? '',
    entitlements,
    origins,
    monthlyQuota,
    perClient: request.perClient ?? false,
  };
}

/** Checks a request for a key, stores the new key's hash and returns the key, whose token is shown once. */
export async function issueKey(
  store: KeyStore,
  request: KeyRequest,
  now: Date,
): Promise<{ key: KeyInfo; token: string }> {
  const checked = checkKeyRequest(request);
  const { id, secretSha256, token } = generateKey();
  const stored: StoredKey = {
    id,
    secretSha256,
    ...checked,
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  await store.create(stored);
  const { secretSha256: _hash, ...key } = stored;
  return { key, token };
}
