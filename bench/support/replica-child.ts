import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { listen } from '../../api/listen.js';
import { ServingStore } from '../../lake/serving/serving-store.js';
import { LakeFileCache } from '../../lake/replica/file-cache.js';
import { LakeReplica } from '../../lake/replica/lake-replica.js';
import { S3LakeStorage } from '../../lake/storage/s3-storage.js';
import { benchApp } from './bench-app.js';

/**
 * One API process of the replica benchmark: `bucket` mode serves the lake in a bucket through its own
 * cache folder (a replica), `folder` mode serves the writer's folder in place (the single-host
 * baseline). Prints one JSON line with its address and key once it listens.
 */
const [mode = '', dir = '', workDir = '', endpoint = '', bucket = '', access = '', secret = ''] =
  process.argv.slice(2);
let store: ServingStore;
let replica: LakeReplica | undefined;
if (mode === 'bucket') {
  const storage = new S3LakeStorage({
    bucket,
    prefix: 'lake',
    endpoint,
    credentials: { accessKeyId: access, secretAccessKey: secret },
  });
  const cache = await LakeFileCache.open(join(dir, 'lake-cache'), storage, { limitBytes: 4 * 1024 ** 3 });
  replica = await LakeReplica.start({ storage, cache, pollMs: 250 });
  store = await ServingStore.open(cache.dir, { files: replica });
  replica.onPrepared = () => void store.refresh().catch(() => undefined);
} else {
  store = await ServingStore.open(dir);
}
const { app, token } = await benchApp(store, workDir, undefined, { lakeReplica: replica });
const server = await listen(app.fetch, '127.0.0.1', 0);
console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token }));
