/**
 * An API process's writes to the SQLite key store, as fast as they come: quota leases for random keys
 * (`bench/support/key-store-at-scale.ts` backs the store up meanwhile). On SIGTERM prints how many it
 * made and the longest one took, as JSON on stdout.
 */
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';

const [file, keyList] = process.argv.slice(2);
if (!file || !keyList) throw new Error('usage: key-store-writer-child <access.sqlite> <key,key,…>');
const keys = keyList.split(',');
const store = SqliteAccessStore.open(file);
let writes = 0;
let longestMs = 0;
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.send?.('ready');
while (!stopping) {
  const started = performance.now();
  await store.lease(keys[writes % keys.length]!, '2026-11', 10, 1_000_000_000);
  longestMs = Math.max(longestMs, performance.now() - started);
  writes++;
  // Lets the SIGTERM handler run: a real API process leases between requests.
  if (writes % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
}
store.close();
process.stdout.write(JSON.stringify({ writes, longestMs }));
