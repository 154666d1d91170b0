import { dataLayout, lakeLocationOf, type Settings } from '../config/index.js';
import { openLakeStorage } from '../lake/storage/open-storage.js';
import { Unreachable } from '../telemetry/reachability.js';
import { lakeWriterId } from '../warehouse/lake-mirror.js';
import { WriterLease, WRITER_LEASE_TTL_MS } from '../warehouse/writer-lease.js';
import type { ServiceLog } from './log.js';
import { restoreIfTakenOver } from './restore-writer.js';
import type { RunningRole } from './running-role.js';

type StartWarehouse = (
  settings: Settings,
  log: ServiceLog,
  onTakenOver?: (message: string) => void,
) => Promise<RunningRole>;

/**
 * The writer with a lake in a bucket holds the writer lease while it runs (ADR 35): it starts once it
 * holds it, renews it, and steps down (stops; its supervisor starts it again as a standby) the moment
 * another writer has taken the lake over. A writer that finds the lease held waits as a standby with
 * WRITER_STANDBY, and refuses to start without. A lake in a folder has one writer by construction.
 */
export async function startWriterRole(
  settings: Settings,
  log: ServiceLog,
  startWarehouse: StartWarehouse,
): Promise<RunningRole> {
  const location = lakeLocationOf(settings);
  if (location.kind !== 's3') return startWarehouse(settings, log);
  const storage = openLakeStorage(location);
  const lease = new WriterLease({
    storage,
    writerId: await lakeWriterId(dataLayout(settings.DATA_DIR).warehouseFile),
    log: (line, level) => log[level](line),
  });
  const first = await lease.tryAcquire().catch((error: unknown) => {
    // A bucket away at start: the writer starts (ADR 33), and its mirror's fence still holds.
    if (error instanceof Unreachable) return { acquired: true } as const;
    throw error;
  });
  if (first.acquired) return leading(settings, log, lease, startWarehouse);
  if (!settings.WRITER_STANDBY) {
    storage.close();
    throw new Error(
      `writer ${first.holder} holds the lake's writer lease: stop it first, or start this one as its standby (WRITER_STANDBY=true, docs/deploy.md)`,
    );
  }
  log.info(
    `standing by: writer ${first.holder} holds the lake; this one takes it over if it stops renewing its lease for ${WRITER_LEASE_TTL_MS / 1000} s`,
  );
  return standingBy(settings, log, lease, first.seen, startWarehouse);
}

/** Holds the lease: restores first if another writer published since, then runs until taken over. */
async function leading(
  settings: Settings,
  log: ServiceLog,
  lease: WriterLease,
  startWarehouse: StartWarehouse,
): Promise<RunningRole> {
  const role: { running?: RunningRole } = {};
  let steppedDown = false;
  const stepDown = (message: string) => {
    if (steppedDown) return;
    steppedDown = true;
    log.warn(`${message}: this writer stops committing and publishing, and steps down`);
    void role.running?.stop();
  };
  // Renewed from now on: a restore may take minutes.
  lease.onLost = (holder) => stepDown(`writer ${holder} has taken the lake over`);
  lease.keepRenewing();
  if (settings.WRITER_STANDBY || settings.RESTORE_FROM_LAKE) {
    await restoreIfTakenOver(settings, (line) => log.info(line));
    await lease.rename(await lakeWriterId(dataLayout(settings.DATA_DIR).warehouseFile));
  }
  if (steppedDown) throw new Error('taken over while starting');
  const started = await startWarehouse(settings, log, stepDown);
  role.running = started;
  return {
    ended: started.ended,
    stop: async () => {
      await started.stop();
      if (!steppedDown) await lease.release();
    },
  };
}

/** Ready at once (replicas and pollers do not wait for it); leads once the holder stops renewing. */
function standingBy(
  settings: Settings,
  log: ServiceLog,
  lease: WriterLease,
  seen: Parameters<WriterLease['waitAndTake']>[0],
  startWarehouse: StartWarehouse,
): RunningRole {
  const abort = new AbortController();
  let running: RunningRole | undefined;
  const ended = (async () => {
    await lease.waitAndTake(seen, abort.signal);
    running = await leading(settings, log, lease, startWarehouse);
    await running.ended;
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) throw error;
  });
  return {
    ended,
    stop: async () => {
      abort.abort();
      await running?.stop();
      await ended;
    },
  };
}
