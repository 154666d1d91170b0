import { openAccessStore } from '../../api/access/open-store.js';
import { QuotaLeases } from '../../api/access/quota-leases.js';
import { loadSettings } from '../../config/index.js';

/**
 * A separate process counting against the shared store its settings name (DATABASE_URL, else
 * DATA_DIR's file) as an API replica does (leases of up to 16 requests counted down in memory), for
 * the quota test: consume-worker <keyId> <period> <limit> <attempts>; prints how many were allowed.
 */
const [keyId, period, limit, attempts] = process.argv.slice(2);
const { store } = await openAccessStore(loadSettings());
const quota = new QuotaLeases(store, { cap: () => 16 });
let allowed = 0;
for (let i = 0; i < Number(attempts); i++) {
  if ((await quota.consume(keyId!, period!, Number(limit))).allowed) allowed++;
}
await quota.close();
await store.close();
console.log(allowed);
