import type { Tier } from '../../config/index.js';
import type { StoredKey } from './types.js';

/** The columns of a key's row that both stores read back as they are. */
export interface KeyRowCommon {
  id: string;
  secret_sha256: Buffer;
  tier: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

/** The fields each store keeps its own way (JSON text or jsonb, 0/1 or boolean, integer or bigint). */
export type StoreEncodedKeyFields = Pick<
  StoredKey,
  'entitlements' | 'origins' | 'monthlyQuota' | 'perClient'
>;

/** A key read back from its row, given the fields its store decoded. */
export function keyFromRow(row: KeyRowCommon, decoded: StoreEncodedKeyFields): StoredKey {
  return {
    id: row.id,
    secretSha256: row.secret_sha256,
    tier: row.tier as Tier,
    label: row.label,
    ...decoded,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
