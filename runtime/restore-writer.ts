import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { rename, rm, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { dataLayout, lakeLocationOf, pollerWorkflowId, type Settings } from '../config/index.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';
import { MANIFEST_FILE } from '../lake/manifest.js';
import { lakeWriterHandover, lakeWriterId, writerIdentityFiles } from '../warehouse/lake-mirror.js';
import { restoreWarehouse, RestoreRefused, type RestoreResult } from '../warehouse/restore/index.js';
import { refetchSignal } from '../workflows/index.js';
import { selectedCatalogue } from './catalogue.js';

/**
 * The writer of these settings rebuilt from its lake (warehouse/restore/): from LAKE_URL's bucket into
 * DATA_DIR's warehouse and working copy of the lake; from the lake folder itself when there is no
 * bucket (a warehouse lost beside a lake that was not).
 */
export async function restoreWriter(settings: Settings, log: (line: string) => void): Promise<RestoreResult> {
  const layout = dataLayout(settings.DATA_DIR);
  const location = lakeLocationOf(settings);
  const storage = openLakeStorage(location);
  const started = Date.now();
  try {
    const result = await restoreWarehouse({
      storage,
      warehouseFile: layout.warehouseFile,
      lakeDir: location.kind === 'folder' ? location.dir : layout.lakeDir,
      download: location.kind === 's3',
      log,
    });
    log(
      `restored generation ${result.generation} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${describeCounts(result)}; this warehouse is writer ${result.writer}${result.previousWriter ? `, taking the lake over from ${result.previousWriter}` : ''}`,
    );
    return result;
  } finally {
    storage.close();
  }
}

function describeCounts(result: RestoreResult): string {
  const { counts } = result;
  return [
    `${counts.incident_current ?? 0} current incidents`,
    `${counts.incident_version ?? 0} settled versions`,
    `${counts.incident_retired ?? 0} retired`,
    `${counts.event_state ?? 0} events`,
    `${counts.gauge_station ?? 0} gauges`,
    `${result.files} files (${(result.bytes / 1e6).toFixed(1)} MB)`,
  ].join(', ');
}

/**
 * With RESTORE_FROM_LAKE, a writer with no warehouse (or only the empty one a refused start left)
 * restores one before it starts; one that has a warehouse, or a bucket with no lake yet, starts as usual.
 */
export async function restoreWriterIfAsked(settings: Settings, log: (line: string) => void): Promise<void> {
  if (!settings.RESTORE_FROM_LAKE) return;
  try {
    await restoreWriter(settings, log);
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    if (error.reason === 'no-lake') log(`nothing to restore: ${error.message}`);
  }
}

/** How long one signal to a poller may take. */
const SIGNAL_TIMEOUT_MS = 5_000;
/** How long a restored writer waits between attempts to reach the feed pollers. */
const REFETCH_RETRY_MS = 15_000;

/**
 * After a restore, every feed poller fetches its feed again without validators (refetchSignal) and
 * commits the body whatever the upstream says of it: what the lost writer committed but never
 * published comes back as the feeds say it is now. Done once per restore (recorded in the hand-over
 * file); while Temporal is away it is tried again every 15 s.
 */
export async function refetchAfterRestore(
  client: Client,
  settings: Settings,
  log: (line: string, level: 'warn' | 'info') => void,
): Promise<void> {
  const warehouseFile = dataLayout(settings.DATA_DIR).warehouseFile;
  const handover = await lakeWriterHandover(warehouseFile);
  if (!handover || handover.refetchedAt) return;
  const feeds = selectedCatalogue(settings);
  for (let attempt = 1; ; attempt++) {
    try {
      for (const feed of feeds) await signalRefetch(client, pollerWorkflowId(feed));
      break;
    } catch (error) {
      if (attempt === 1) {
        log(
          `asking the feed pollers to fetch again after the restore failed (${error instanceof Error ? error.message : String(error)}); tried again every ${REFETCH_RETRY_MS / 1000} s`,
          'warn',
        );
      }
      await delay(REFETCH_RETRY_MS, undefined, { ref: false });
    }
  }
  await writeFile(
    writerIdentityFiles(warehouseFile).handover,
    JSON.stringify({ ...handover, refetchedAt: new Date().toISOString() }, null, 1),
  );
  log(
    `asked ${feeds.length} feed pollers to fetch their feeds again and commit them whole after the restore`,
    'info',
  );
}

async function signalRefetch(client: Client, workflowId: string): Promise<void> {
  try {
    // A time limit: a Temporal that does not answer fails this attempt, which is tried again later.
    await client.withDeadline(Date.now() + SIGNAL_TIMEOUT_MS, () =>
      client.workflow.getHandle(workflowId).signal(refetchSignal),
    );
  } catch (error) {
    // A poller not running now starts later with no validators of its own to distrust.
    if (error instanceof WorkflowNotFoundError) return;
    throw error;
  }
}

/**
 * After taking the lease: a writer whose warehouse is not the one that published the bucket's newest
 * generation (another writer published since, or it has none) sets its own aside and restores from
 * the bucket. The one set aside (`warehouse.duckdb.superseded`) holds what it committed and never
 * published; the restored writer asks the pollers to fetch everything again instead.
 */
export async function restoreIfTakenOver(settings: Settings, log: (line: string) => void): Promise<void> {
  const layout = dataLayout(settings.DATA_DIR);
  const storage = openLakeStorage(lakeLocationOf(settings));
  let bucketWriter: string | undefined;
  let generation: number | undefined;
  try {
    const read = await storage.read(MANIFEST_FILE);
    if (read === undefined || read === 'unchanged') return;
    const json = JSON.parse(read.body.toString('utf8')) as { writer?: string; generation?: number };
    bucketWriter = json.writer;
    generation = json.generation;
  } finally {
    storage.close();
  }
  const ours = await lakeWriterId(layout.warehouseFile);
  const handover = await lakeWriterHandover(layout.warehouseFile);
  const restoredFromIt = handover?.from === bucketWriter && handover?.generation === generation;
  if (bucketWriter === undefined || bucketWriter === ours || restoredFromIt) return;
  await setWarehouseAside(layout.warehouseFile);
  await restoreWriter(settings, log);
}

async function setWarehouseAside(warehouseFile: string): Promise<void> {
  const identity = writerIdentityFiles(warehouseFile);
  for (const suffix of ['', '.wal']) {
    await rename(`${warehouseFile}${suffix}`, `${warehouseFile}.superseded${suffix}`).catch(() => undefined);
  }
  await rm(identity.id, { force: true });
  await rm(identity.handover, { force: true });
}
