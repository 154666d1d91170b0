import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { dataLayout } from '../config/index.js';

/**
 * DATA_DIR/service.json: what the service running over a data folder tells the CLIs that work on the
 * same folder (`npm run archive`, `backfill`, `declarations`, `temporal`, `keys`), so they find it on
 * whatever ports it was given. Written once the service is ready, removed when it stops; a file left
 * by a service that was killed names a pid that no longer runs, and counts as no service.
 */
const RunningServiceSchema = z.object({
  /** The supervisor (`npm start` or `npm run demo`). */
  pid: z.number().int().positive(),
  temporalAddress: z.string().min(1),
  temporalNamespace: z.string().min(1),
  /** The Web UI: the dev server's, or TEMPORAL_UI_URL's for a cluster; absent when unknown. */
  temporalUiUrl: z.string().min(1).optional(),
  apiUrl: z.string().min(1),
  ingestTaskQueue: z.string().min(1),
  warehouseTaskQueue: z.string().min(1),
  startedAt: z.string().min(1),
  /**
   * `npm run cluster`: every process with its role, current pid (rewritten after a restart) and
   * address, and every port; absent for `npm start` and the demo.
   */
  processes: z
    .array(
      z.object({
        name: z.string(),
        role: z.string(),
        pid: z.number().int().nullable(),
        url: z.string().optional(),
        metricsUrl: z.string().optional(),
        dataDir: z.string().optional(),
      }),
    )
    .optional(),
  ports: z.record(z.string(), z.union([z.number().int(), z.array(z.number().int())])).optional(),
});
export type RunningServiceRecord = z.infer<typeof RunningServiceSchema>;

/** Writes the record whole (a temporary file renamed into place): a reader never sees half of it. */
export async function recordRunningService(dataDir: string, record: RunningServiceRecord): Promise<void> {
  const file = dataLayout(dataDir).serviceFile;
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${record.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temporary, file);
}

/** Removes the record if it is this process's (a service started since over the same folder keeps its own). */
export async function forgetRunningService(dataDir: string, pid = process.pid): Promise<void> {
  const record = await readRecord(dataDir);
  if (record === undefined || record.pid === pid) await rm(dataLayout(dataDir).serviceFile, { force: true });
}

/** The service running over this data folder now: its record, if the pid it names is alive. */
export async function runningServiceOver(dataDir: string): Promise<RunningServiceRecord | undefined> {
  const record = await readRecord(dataDir);
  return record !== undefined && isAlive(record.pid) ? record : undefined;
}

/** Whether a service runs over this data folder now. */
export async function serviceRunsOver(dataDir: string): Promise<boolean> {
  return (await runningServiceOver(dataDir)) !== undefined;
}

async function readRecord(dataDir: string): Promise<RunningServiceRecord | undefined> {
  const text = await readFile(dataLayout(dataDir).serviceFile, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = RunningServiceSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // Not JSON: not a record this service wrote.
  }
}

/** Whether a process runs with this pid (this user's or another's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
