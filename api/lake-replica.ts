import { dataLayout, lakeLocationOf, type Settings } from '../config/index.js';
import { LakeFileCache } from '../lake/replica/file-cache.js';
import { LakeReplica } from '../lake/replica/lake-replica.js';
import { CAP_FEED_KEY } from '../lake/storage/lake-storage.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';

/**
 * With LAKE_URL=s3://…, this API process is a replica: it keeps a bounded cache of the bucket's lake
 * under its own DATA_DIR (LAKE_CACHE_MB) and polls the manifest (LAKE_POLL_MS). Undefined for a folder.
 */
export async function startLakeReplica(
  settings: Settings,
  log?: (line: string, level: 'warn' | 'info') => void,
): Promise<LakeReplica | undefined> {
  const location = lakeLocationOf(settings);
  if (location.kind === 'folder') return undefined;
  const layout = dataLayout(settings.DATA_DIR);
  const storage = openLakeStorage(location);
  const cache = await LakeFileCache.open(layout.lakeCacheDir, storage, {
    limitBytes: settings.LAKE_CACHE_MB * 1024 * 1024,
  });
  return LakeReplica.start({
    storage,
    cache,
    pollMs: settings.LAKE_POLL_MS,
    alongside: [{ key: CAP_FEED_KEY, path: layout.capFeedFile }],
    ...(log ? { log } : {}),
  });
}
