import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { dataLayout, type Settings } from '../config/index.js';
import { isAlive, runningServiceOver } from './service-file.js';

/** Starting would harm what runs already (the service over this folder, another program's port). */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

/**
 * Claims the data folder for this process before anything starts: DATA_DIR/service.lock, created
 * only if absent, names the pid that holds it. A second `npm start` or `npm run demo` over the same
 * folder stops at once, touching nothing; a lock whose pid is gone (a killed service) is taken over.
 * Claiming again from the same process is a no-op. Returns the release.
 */
export async function claimDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const file = dataLayout(dataDir).serviceLockFile;
  const release = async () => {
    if ((await lockHolder(file)) === process.pid) await rm(file, { force: true });
  };
  await mkdir(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await lockHolder(file);
    if (holder === process.pid) return release;
    if (holder !== undefined && isAlive(holder)) throw await alreadyRunning(dataDir, holder);
    await rm(file, { force: true }); // Left by a service that was killed.
  }
  throw new StartRefused(`could not claim ${file}: another service is starting over ${dataDir}`);
}

async function lockHolder(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const pid = Number(text?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function alreadyRunning(dataDir: string, pid: number): Promise<StartRefused> {
  const record = await runningServiceOver(dataDir);
  const where = record ? `, API at ${record.apiUrl}` : ', still starting';
  return new StartRefused(
    `a service already runs over ${dataDir} (pid ${pid}${where}): use it, or stop it first (Ctrl-C where it runs, or kill ${pid}); nothing was started`,
  );
}

/** The ports this start would listen on, by the setting that names each (0: any free port, skipped). */
function portsToListenOn(settings: Settings): { name: string; host: string; port: number }[] {
  const ports = [{ name: 'PORT', host: settings.HOST, port: settings.PORT }];
  if (!settings.TEMPORAL_ADDRESS) {
    // The dev server listens on loopback (runtime/temporal-dev-server.ts).
    ports.push(
      { name: 'TEMPORAL_DEV_PORT', host: '127.0.0.1', port: settings.TEMPORAL_DEV_PORT },
      { name: 'TEMPORAL_UI_PORT', host: '127.0.0.1', port: settings.TEMPORAL_UI_PORT },
    );
  }
  const metrics = settings.METRICS_PORT;
  if (metrics) {
    for (const offset of [0, 1, 2])
      ports.push({ name: 'METRICS_PORT', host: settings.HOST, port: metrics + offset });
  }
  return ports.filter(({ port }) => port !== 0);
}

function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Refuses at once, before anything starts, when a port this start needs is taken by another program
 * (after an earlier run's orphaned dev server, which is this folder's, has been stopped).
 */
export async function refuseTakenPorts(settings: Settings): Promise<void> {
  for (const { name, host, port } of portsToListenOn(settings)) {
    if (!(await portFree(host, port))) {
      throw new StartRefused(
        `port ${port} on ${host} (${name}) is in use by another program: stop it, or set ${name} to a free port; nothing was started`,
      );
    }
  }
}
