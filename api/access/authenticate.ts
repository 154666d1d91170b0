import { parseKey, secretMatches } from './key-format.js';
import { accessProblems } from './problems.js';
import type { OtherFolderKeys } from './other-folders.js';
import type { KeyLookup, StoredKey } from './types.js';

const BEARER = /^Bearer +([^\s,]+) *$/i;

/**
 * The key behind an Authorization header, or a 401 problem: missing, malformed (not `Bearer <key>` or
 * not shaped like a key), or invalid (unknown id, wrong secret, revoked: one answer for all three).
 */
export async function authenticate(
  header: string | undefined,
  keys: KeyLookup,
  otherFolders?: OtherFolderKeys,
): Promise<StoredKey> {
  if (header === undefined) throw accessProblems.missingKey();
  const token = BEARER.exec(header)?.[1];
  if (!token) throw accessProblems.malformed('The Authorization header must be Bearer <key>.');
  const parts = parseKey(token);
  if (!parts) throw accessProblems.malformed('The bearer token is not shaped like an API key.');
  const key = await keys.findById(parts.id);
  // Compare even when the id is unknown, so the time taken does not reveal which ids exist.
  const matches = secretMatches(parts.secret, key?.secretSha256);
  if (!key || !matches || key.revokedAt !== null) {
    // A key of another data folder of this checkout is told where it belongs (the secret matched there).
    const elsewhere = otherFolders?.(parts.id, parts.secret);
    throw elsewhere
      ? accessProblems.keyOfAnotherFolder(elsewhere.folder, elsewhere.own)
      : accessProblems.invalidKey();
  }
  return key;
}
