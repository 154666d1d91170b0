import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { S3LakeStorage } from '../../lake/storage/s3-storage.js';
import { LakeMirror, lakeWriterHandover, lakeWriterId, mirrorLake } from '../../warehouse/lake-mirror.js';
import { finishPublication } from '../../warehouse/publication.js';
import { publishNow } from '../../warehouse/publisher.js';
import { restoreWarehouse } from '../../warehouse/restore/index.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { WriterLease } from '../../warehouse/writer-lease.js';
import { makeRecord } from './incidents.js';
import { TEST_CREDENTIALS } from './versitygw.js';

/**
 * A writer that publishes to a bucket only while it holds the writer lease (ADR 35), committing and
 * publishing in a loop: it takes the lease or stands by until the holder stops renewing it, restores
 * its warehouse from the bucket when it takes the lake over, and exits with code 3 the moment it has
 * been taken over itself. Prints `standing by`, `leading <writer>` and `stepped down: <why>`.
 */
const [dir = '', endpoint = '', bucket = '', ttlArg = '3000'] = process.argv.slice(2);
const storage = () => new S3LakeStorage({ bucket, prefix: 'lake', endpoint, credentials: TEST_CREDENTIALS });
const warehouseFile = join(dir, 'warehouse', 'warehouse.duckdb');
const lakeDir = join(dir, 'lake');
const lease = new WriterLease({
  storage: storage(),
  writerId: await lakeWriterId(warehouseFile),
  ttlMs: Number(ttlArg),
  renewMs: 300,
  checkMs: 200,
});
const stepDown = (why: string) => {
  console.log(`stepped down: ${why}`);
  process.exit(3);
};

const first = await lease.tryAcquire();
if (!first.acquired) {
  console.log('standing by');
  await lease.waitAndTake(first.seen);
}
lease.onLost = (holder) => stepDown(`writer ${holder} has taken the lake over`);
lease.keepRenewing();
const published = await storage().read('manifest.json');
const hasWarehouse = await stat(warehouseFile).then(
  () => true,
  () => false,
);
if (published && published !== 'unchanged' && !hasWarehouse) {
  await restoreWarehouse({ storage: storage(), warehouseFile, lakeDir, download: true });
  await lease.rename(await lakeWriterId(warehouseFile));
}
const writerId = await lakeWriterId(warehouseFile);
mirrorLake(
  new LakeMirror({
    storage: storage(),
    writerId,
    lakeDir,
    handover: await lakeWriterHandover(warehouseFile),
    onTakenOver: stepDown,
  }),
);
const warehouse = await Warehouse.open(warehouseFile);
await warehouse.exclusive(() => finishPublication(warehouse.db, lakeDir));
console.log(`leading ${writerId}`);
for (let poll = 1; ; poll++) {
  const records = Array.from({ length: 10 }, (_, i) =>
    makeRecord(String(i), { status: (poll + i) % 2 === 0 ? 'active' : 'contained' }),
  );
  await warehouse.commit({
    feedKey: 'nsw-rfs-major-incidents',
    pollId: `${writerId}-${poll}`,
    rawSha256: 'a'.repeat(64),
    incoming: records,
    polledAt: new Date().toISOString(),
    guarded: false,
  });
  await publishNow(warehouse, lakeDir);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
