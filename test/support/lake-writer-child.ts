import { join } from 'node:path';
import { compactLake } from '../../warehouse/compact.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from './incidents.js';

/**
 * A warehouse writer that commits, publishes and compacts in a loop until it is killed: the crash
 * test SIGKILLs it at random moments and checks the lake it leaves behind.
 */
const [dir = '', startArg = '0'] = process.argv.slice(2);
const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
const lakeDir = join(dir, 'lake');
let poll = Number(startArg);
console.log('ready');
for (;;) {
  poll++;
  const at = new Date(Date.UTC(2026, 9 + (poll % 3), 1 + (poll % 20), 0, poll % 60)).toISOString();
  // Ten incidents, each changing status every other poll: every poll settles versions.
  const records = Array.from({ length: 10 }, (_, i) =>
    makeRecord(String(i), { status: (poll + i) % 2 === 0 ? 'active' : 'contained' }),
  );
  await warehouse.commit({
    feedKey: 'nsw-rfs-major-incidents',
    pollId: `child-${poll}`,
    rawSha256: 'a'.repeat(64),
    incoming: records,
    polledAt: at,
    guarded: false,
  });
  await publishNow(warehouse, lakeDir);
  if (poll % 4 === 0) await compactLake(warehouse, { lakeDir, now: new Date('2027-06-01T00:00:00Z') });
}
