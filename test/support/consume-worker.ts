import { SqliteAccessStore } from '../../api/access/sqlite-store.js';

/**
 * A separate process counting against a shared store file, for the quota test:
 * consume-worker <file> <keyId> <period> <limit> <attempts>; prints how many were allowed.
 */
const [file, keyId, period, limit, attempts] = process.argv.slice(2);
const store = SqliteAccessStore.open(file!);
let allowed = 0;
for (let i = 0; i < Number(attempts); i++) {
  if ((await store.consume(keyId!, period!, Number(limit))).allowed) allowed++;
}
store.close();
console.log(allowed);
