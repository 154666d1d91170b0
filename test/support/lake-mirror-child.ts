import { join } from 'node:path';
import { S3LakeStorage } from '../../lake/storage/s3-storage.js';
import { LakeMirror, lakeWriterId, mirrorLake } from '../../warehouse/lake-mirror.js';
import { finishPublication } from '../../warehouse/publication.js';
import { publishNow } from '../../warehouse/publisher.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import { makeRecord } from './incidents.js';
import { TEST_CREDENTIALS } from './versitygw.js';

/**
 * A warehouse writer publishing to a bucket in a loop until it is killed. With a generation as the
 * last argument it kills itself (SIGKILL) once that generation's files are uploaded and before its
 * manifest is written; without, the test kills it at a random moment.
 */
const [dir = '', endpoint = '', bucket = '', startArg = '0', killAtArg = ''] = process.argv.slice(2);
const killAt = killAtArg === '' ? undefined : Number(killAtArg);
const lakeDir = join(dir, 'lake');
mirrorLake(
  new LakeMirror({
    storage: new S3LakeStorage({ bucket, prefix: 'lake', endpoint, credentials: TEST_CREDENTIALS }),
    writerId: await lakeWriterId(join(dir, 'warehouse.duckdb')),
    lakeDir,
    beforeManifest: (manifest) => {
      if (manifest.generation === killAt) {
        console.log(`uploaded ${manifest.generation}`);
        process.kill(process.pid, 'SIGKILL');
      }
      return Promise.resolve();
    },
  }),
);
const warehouse = await Warehouse.open(join(dir, 'warehouse.duckdb'));
await warehouse.exclusive(() => finishPublication(warehouse.db, lakeDir));
let poll = Number(startArg);
console.log('ready');
for (;;) {
  poll++;
  const at = new Date(Date.UTC(2026, 9 + (poll % 3), 1 + (poll % 20), 0, poll % 60)).toISOString();
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
}
