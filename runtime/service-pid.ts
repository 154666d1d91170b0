import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { dataLayout } from '../config/index.js';

/** Marks the data folder as served by this process while the service runs (`npm start` or the demo). */
export async function recordServicePid(dataDir: string): Promise<void> {
  const file = dataLayout(dataDir).servicePidFile;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${process.pid}\n`);
}

export async function forgetServicePid(dataDir: string): Promise<void> {
  await rm(dataLayout(dataDir).servicePidFile, { force: true });
}

/** Whether a service runs over this data folder now (its pid file names a live process). */
export async function serviceRunsOver(dataDir: string): Promise<boolean> {
  const pid = Number((await readFile(dataLayout(dataDir).servicePidFile, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
