import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnvironment, dataLayout, parseSettings } from '../../config/index.js';
import { findFreePort } from '../../runtime/ports.js';
import { claimDataFolder, refuseTakenPorts, StartRefused } from '../../runtime/start-guard.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port another program holds: a plain TCP server of this test's. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const port = await findFreePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, server };
}

describe('starting never harms what runs already', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-start-guard-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a data folder another live process holds, naming its pid', async () => {
    const holder = spawn('sleep', ['30']);
    const dataDir = join(dir, 'held');
    await claimDataFolder(dataDir); // creates the folder's lock, this process's
    await writeFile(dataLayout(dataDir).serviceLockFile, `${holder.pid}\n`);
    const refused = claimDataFolder(dataDir);
    await expect(refused).rejects.toBeInstanceOf(StartRefused);
    await expect(refused).rejects.toThrow(
      `a service already runs over ${dataDir} (pid ${holder.pid}, still starting)`,
    );
    holder.kill();
    await new Promise((resolve) => holder.once('exit', resolve));
    // Its holder gone (killed), the lock is taken over; released, it is gone.
    const release = await claimDataFolder(dataDir);
    expect((await readFile(dataLayout(dataDir).serviceLockFile, 'utf8')).trim()).toBe(String(process.pid));
    await release();
    expect(existsSync(dataLayout(dataDir).serviceLockFile)).toBe(false);
  });

  it('names a port another program holds, and the setting to change', async () => {
    const { port, server } = await takenPort();
    const free = await findFreePort();
    try {
      await expect(
        refuseTakenPorts(parseSettings({ PORT: String(port), TEMPORAL_ADDRESS: '127.0.0.1:1' })),
      ).rejects.toThrow(`port ${port} on 127.0.0.1 (PORT) is in use by another program`);
      const devServer = parseSettings({ PORT: String(free), TEMPORAL_DEV_PORT: String(port) });
      await expect(refuseTakenPorts(devServer)).rejects.toThrow('(TEMPORAL_DEV_PORT)');
      // With a cluster, the dev server's ports are not this start's.
      await refuseTakenPorts(
        parseSettings({
          PORT: String(free),
          TEMPORAL_DEV_PORT: String(port),
          TEMPORAL_ADDRESS: '127.0.0.1:1',
        }),
      );
    } finally {
      server.close();
    }
  });

  it('npm start with its API port taken stops in one line before anything starts', async () => {
    const { port, server } = await takenPort();
    const dataDir = join(dir, 'port');
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
        cwd: ROOT,
        env: childEnvironment(
          {},
          { DATA_DIR: dataDir, PORT: String(port), TEMPORAL_DEV_PORT: String(await findFreePort()) },
        ),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      const output = `${run.stdout}${run.stderr}`;
      expect(output).toContain(`port ${port} on 127.0.0.1 (PORT) is in use by another program`);
      expect(output).not.toMatch(/\bat .*\.ts:\d+/); // one line, no stack
      expect(existsSync(dataLayout(dataDir).temporalDbFile)).toBe(false);
      expect(existsSync(dataLayout(dataDir).serviceLockFile)).toBe(false);
    } finally {
      server.close();
    }
  });
});
