import { parseKey, secretMatches } from './key-format.js';
import { accessProblems } from './problems.js';
import type { KeyLookup, StoredKey } from './types.js';

const BEARER = /^Bearer +([^\s,]+) *$/i;

/**
 * The key behind an Authorization header, or a 401 problem: missing, malformed (not `Bearer <key>` or
 * not shaped like a key), or invalid (unknown id, wrong secret, revoked: one answer for all three).
 */
export async function authenticate(header: string | undefined, keys: KeyLookup): Promise<StoredKey> {
  if (header === undefined) throw accessProblems.missingKey();
  const token = BEARER.exec(header)?.[1];
  if (!token) throw accessProblems.malformed('The Authorization header must be Bearer <key>.');
  const parts = parseKey(token);
  if (!parts) throw accessProblems.malformed('The bearer token is not shaped like an API key.');
  const key = await keys.findById(parts.id);
  // Compare even when the id is unknown, so the time taken does not reveal which ids exist.
  const matches = secretMatches(parts.secret, key?.secretSha256);
  if (!key || !matches || key.revokedAt !== null) throw accessProblems.invalidKey();
  return key;
}
