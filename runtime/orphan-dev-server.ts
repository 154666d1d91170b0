import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * The dev server runs in its own process group, so a service killed with SIGKILL leaves it running,
 * holding the port and the SQLite file. Its pid is kept next to that file; the next start stops it.
 */
export async function recordDevServerPid(pidFile: string, pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  await mkdir(dirname(pidFile), { recursive: true });
  await writeFile(pidFile, `${pid}\n`);
}

export async function forgetDevServerPid(pidFile: string): Promise<void> {
  await rm(pidFile, { force: true });
}

/**
 * Stops the dev server an earlier run over the same data folder left behind, if its pid file names a
 * live `temporal server start-dev` on this database file. Returns the pid it stopped, if any.
 */
export async function stopOrphanedDevServer(pidFile: string, dbFile: string): Promise<number | undefined> {
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const command = commandLine(pid);
    // A recycled pid belongs to some other program: leave it alone.
    if (command === undefined || !command.includes('start-dev') || !command.includes(resolve(dbFile))) {
      return undefined;
    }
    process.kill(pid, 'SIGTERM');
    for (let waited = 0; waited < 5_000 && alive(pid); waited += 100) await delay(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (let waited = 0; waited < 2_000 && alive(pid); waited += 100) await delay(100);
    return pid;
  } finally {
    await forgetDevServerPid(pidFile);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process's command line, or undefined when no such process runs. */
function commandLine(pid: number): string | undefined {
  if (!alive(pid)) return undefined;
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}
