import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { isExecutableFile, searchPath } from './executables.js';
import type { ChildSpec } from './supervisor.js';

const run = promisify(execFile);

/** A PostgreSQL cluster of its own in a folder, on loopback (`initdb` and `pg_ctl` from the PATH). */
export interface PostgresCluster {
  port: number;
  /** A connection URL for a database (trust authentication on loopback: no password). */
  url(database: string, user?: string): string;
  /** Runs SQL as the superuser in the `postgres` database. */
  sql(statement: string): Promise<void>;
  stop(): Promise<void>;
  /** Starts it again after `stop` (same folder, same port). */
  start(): Promise<void>;
  /** The postmaster's pid while it runs (its backends are in its process group). */
  pid(): Promise<number | undefined>;
}

/** The pid postmaster.pid names, if that process is alive. */
async function postmasterPid(dir: string): Promise<number | undefined> {
  const text = await readFile(join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

const SUPERUSER = 'postgres';
/** PostgreSQL refuses to run as root; as root, its programs run as this system user. */
const SYSTEM_USER = 'postgres';

async function systemUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', SYSTEM_USER]), run('id', ['-g', SYSTEM_USER])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Where Debian keeps the server's programs when they are not on PATH (newest version first). */
const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** A PostgreSQL program: on PATH, else in Debian's folder of the newest version installed. */
function programPath(program: string): string {
  const onPath = searchPath(program);
  if (onPath) return onPath;
  const versions = existsSync(DEBIAN_POSTGRES) ? readdirSync(DEBIAN_POSTGRES) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const candidate = join(DEBIAN_POSTGRES, version, 'bin', program);
    if (isExecutableFile(candidate)) return candidate;
  }
  return program;
}

/** Runs a PostgreSQL program, as the `postgres` system user when this process is root. */
async function pgProgram(name: string, args: string[]): Promise<string> {
  const program = programPath(name);
  const asRoot = process.getuid?.() === 0;
  try {
    const { stdout } = asRoot
      ? await run('runuser', ['-u', SYSTEM_USER, '--', program, ...args])
      : await run(program, args);
    return stdout;
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`${name} failed: ${detail.split('\n').slice(-3).join(' ')}`, { cause: error });
  }
}

/**
 * Starts (creating it on first use) a cluster whose files are in `dir`, listening on 127.0.0.1:`port`
 * with its socket in `dir`. Waits until it accepts connections.
 */
export async function startPostgresCluster(folder: string, port: number): Promise<PostgresCluster> {
  // The server runs in its folder: the socket's folder must not be relative to ours.
  const dir = resolve(folder);
  await mkdir(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const { uid, gid } = await systemUserIds();
    await chown(dir, uid, gid);
  }
  const initialised = await stat(join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    await pgProgram('initdb', ['-D', dir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C']);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    // Running already (a supervisor that was killed left it): it is this cluster, used as it is.
    if ((await postmasterPid(dir)) !== undefined) return;
    await pgProgram('pg_ctl', ['-D', dir, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  };
  await start();
  return {
    start,
    pid: () => postmasterPid(dir),
    port,
    url: (database, user = SUPERUSER) => `postgres://${user}@127.0.0.1:${port}/${database}`,
    sql: async (statement) => {
      await run('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        SUPERUSER,
        '-v',
        'ON_ERROR_STOP=1',
        '-qc',
        statement,
      ]);
    },
    stop: async () => {
      await pgProgram('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
    },
  };
}

/**
 * A cluster as a supervised child: started (made on first use) with `pg_ctl`, which detaches the
 * server into a session of its own, so it is watched by its pid; stopped with `pg_ctl stop -m fast`.
 * `ready` runs after each start (a database made if missing).
 */
export function postgresChild(
  dir: string,
  port: number,
  ready: (cluster: PostgresCluster) => Promise<void> = () => Promise.resolve(),
): ChildSpec {
  return {
    name: 'PostgreSQL',
    start: async () => {
      const cluster = await startPostgresCluster(dir, port);
      try {
        await ready(cluster);
      } catch (error) {
        await cluster.stop().catch(() => undefined);
        throw error;
      }
      const pid = await cluster.pid();
      const exited = (async () => {
        while (pid !== undefined && (await cluster.pid()) === pid) await delay(500);
        return 'stopped running';
      })();
      return { pid, exited, stop: () => cluster.stop().catch(() => undefined) };
    },
  };
}
