import { QuotaLeases } from '../../api/access/quota-leases.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';

/**
 * A separate process counting against a shared store file as an API replica does (leases of up to
 * 16 requests counted down in memory), for the quota test:
 * consume-worker <file> <keyId> <period> <limit> <attempts>; prints how many were allowed.
 */
const [file, keyId, period, limit, attempts] = process.argv.slice(2);
const store = SqliteAccessStore.open(file!);
const quota = new QuotaLeases(store, { cap: () => 16 });
let allowed = 0;
for (let i = 0; i < Number(attempts); i++) {
  if ((await quota.consume(keyId!, period!, Number(limit))).allowed) allowed++;
}
await quota.close();
store.close();
console.log(allowed);
