import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Keys look like `eids_<id>_<secret>`: a fixed prefix (so leaked keys are easy to scan for), a public
 * id of 12 base32 characters (60 bits, how a key is found, listed and logged) and a secret of 32 random
 * bytes in base64url (256 bits). Only the SHA-256 of the secret is stored: a secret this long cannot
 * be guessed, so a slow password hash would add nothing but latency.
 */
export const KEY_PREFIX = 'eids_';
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const ID_LENGTH = 12;
const SECRET_BYTES = 32;
const TOKEN_PATTERN = new RegExp(`^${KEY_PREFIX}([a-z2-7]{${ID_LENGTH}})_([A-Za-z0-9_-]{43})$`);

export interface NewKey {
  id: string;
  secretSha256: Buffer;
  /** The whole key, shown to its owner once and never kept. */
  token: string;
}

export function generateKey(): NewKey {
  // 256 is a multiple of 32, so `byte & 31` picks every character with the same chance.
  const id = [...randomBytes(ID_LENGTH)].map((byte) => ID_ALPHABET[byte & 31]).join('');
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { id, secretSha256: hashSecret(secret), token: `${KEY_PREFIX}${id}_${secret}` };
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** Whether the text is a well-formed key id (the public part `list` shows). */
export function isKeyId(text: string): boolean {
  return text.length === ID_LENGTH && [...text].every((char) => ID_ALPHABET.includes(char));
}

/** The id and secret of a well-formed key, or undefined for anything else. */
export function parseKey(token: string): { id: string; secret: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

const DUMMY_HASH = hashSecret('no key has this secret');

/**
 * Compares a presented secret with a stored hash in constant time. With no stored hash (unknown id)
 * it still hashes and compares, so the time taken does not tell which ids exist.
 */
export function secretMatches(secret: string, stored: Buffer | undefined): boolean {
  const presented = hashSecret(secret);
  const equal = timingSafeEqual(presented, stored?.length === presented.length ? stored : DUMMY_HASH);
  return equal && stored !== undefined;
}
