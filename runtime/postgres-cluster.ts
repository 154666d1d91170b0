import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isExecutableFile, searchPath } from './executables.js';

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
export async function startPostgresCluster(dir: string, port: number): Promise<PostgresCluster> {
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
    await pgProgram('pg_ctl', ['-D', dir, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  };
  await start();
  return {
    start,
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
