import { DEMO_DATA_DIR, type Entitlement, type Tier } from '../../config/index.js';
import { ProblemError } from '../problem.js';
import type { WindowCount } from './short-windows.js';

/** The access gate's refusals: RFC 9457 bodies, with RFC 6750 challenges on every 401. */
const REALM = 'realm="eids"';

export const accessProblems = {
  missingKey: () =>
    new ProblemError(
      401,
      'unauthorized',
      'API key required',
      'Send your API key as Authorization: Bearer <key>.',
      {},
      { 'WWW-Authenticate': `Bearer ${REALM}` },
    ),
  malformed: (detail: string) =>
    new ProblemError(
      401,
      'unauthorized',
      'Malformed Authorization header',
      detail,
      {},
      { 'WWW-Authenticate': `Bearer ${REALM}, error="invalid_request"` },
    ),
  // One answer for an unknown id, a wrong secret and a revoked key: none tells which ids exist.
  invalidKey: () =>
    new ProblemError(
      401,
      'unauthorized',
      'Invalid API key',
      'The API key is not valid: it is unknown or has been revoked.',
      {},
      { 'WWW-Authenticate': `Bearer ${REALM}, error="invalid_token"` },
    ),
  keyOfAnotherFolder: (folder: string, own: string) =>
    new ProblemError(
      401,
      'unauthorized',
      'Invalid API key',
      `This API key belongs to the data folder ${folder}, not to ${own}, the one this service runs on: make a key for this one (npm run keys -- create${own === DEMO_DATA_DIR ? ' --demo' : ''}), or run the service on ${folder}.`,
      { keyFolder: folder },
      { 'WWW-Authenticate': `Bearer ${REALM}, error="invalid_token"` },
    ),
  originNotAllowed: (origin: string) =>
    new ProblemError(
      403,
      'origin-not-allowed',
      'Origin not allowed',
      `This API key may not be used from the browser origin ${origin}.`,
    ),
  entitlementRequired: (entitlement: Entitlement, tiers: readonly Tier[]) =>
    new ProblemError(
      403,
      'entitlement-required',
      'Entitlement required',
      `This endpoint needs the ${entitlement} entitlement, available to ${tiers.join(', ')} plans by arrangement.`,
      { entitlement },
    ),
  quotaExceeded: (tier: Tier, limit: number, ownQuota: boolean, headers: Record<string, string>) =>
    new ProblemError(
      429,
      'quota-exceeded',
      'Monthly quota exceeded',
      `${ownQuota ? 'This key' : `The ${tier} plan`} allows ${limit} requests a calendar month (UTC); the quota resets in ${headers['RateLimit-Reset']} seconds.`,
      { tier, limit },
      { ...headers, 'Retry-After': headers['RateLimit-Reset'] ?? '' },
    ),
  rateLimited: (tier: Tier, window: WindowCount, perClient: boolean, headers: Record<string, string>) =>
    new ProblemError(
      429,
      'rate-limited',
      'Rate limit exceeded',
      `The ${tier} plan allows ${window.limit} requests a ${window.name}${
        perClient ? ' per client address with this key' : ''
      }; retry in ${window.reset} second${window.reset === 1 ? '' : 's'}.`,
      { tier, limit: window.limit, window: window.name },
      headers,
    ),
};
