import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { childEnvironment } from '../config/index.js';
import { isExecutableFile, searchPath } from './executables.js';
import type { ChildSpec } from './supervisor.js';
import { PROJECT_ROOT } from './paths.js';

/**
 * versitygw: a real S3 gateway over a local folder (Apache-2.0), for the tests and the local cluster.
 * `npm run setup` installs it into .tools/versitygw/ unless one is on PATH.
 */
export const VERSITYGW_INSTALLED = join(PROJECT_ROOT, '.tools', 'versitygw', 'versitygw');

/** The versitygw binary: on PATH, else the project's .tools/versitygw/; undefined when neither. */
export function findVersitygw(): string | undefined {
  const onPath = searchPath('versitygw');
  if (onPath !== undefined) return onPath;
  return isExecutableFile(VERSITYGW_INSTALLED) ? VERSITYGW_INSTALLED : undefined;
}

/** A port the OS says is free now (the gateway takes it a moment later). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface GatewayOptions {
  binary: string;
  /** The folder whose sub-folders are the buckets. */
  root: string;
  port: number;
  host?: string;
  accessKey: string;
  secretKey: string;
  /** Told each line the gateway prints (it logs every request); dropped when absent. */
  onLine?: (line: string) => void;
}

export interface RunningGateway {
  endpoint: string;
  child: ChildProcess;
  /** Stops the gateway (SIGTERM, then SIGKILL after 3 s) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts versitygw over `root` and resolves once it answers HTTP. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1';
  await mkdir(options.root, { recursive: true });
  // The credentials go through the environment (never argv, which `ps` shows); its own process group,
  // so a Ctrl-C in the terminal reaches the supervisor, which stops it after what depends on it.
  const child = spawn(
    options.binary,
    ['--port', `${host}:${options.port}`, '--quiet', 'posix', options.root],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: childEnvironment(
        {},
        { ROOT_ACCESS_KEY_ID: options.accessKey, ROOT_SECRET_ACCESS_KEY: options.secretKey },
      ),
    },
  );
  const forward = (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) if (line.trim() !== '') options.onLine?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://${host}:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`versitygw exited at start (${child.exitCode ?? child.signalCode})`);
    }
    const answered = await fetch(endpoint, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`versitygw did not answer on ${endpoint} within 15 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    endpoint,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Creates a bucket (an existing one of ours is fine). */
export async function createBucket(
  endpoint: string,
  bucket: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<void> {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket })).catch((error: unknown) => {
      if ((error as { name?: string }).name === 'BucketAlreadyOwnedByYou') return;
      throw error;
    });
  } finally {
    client.destroy();
  }
}

/** The gateway as a supervised child: started again on the same port and folder when it dies. */
export function gatewayChild(options: Omit<GatewayOptions, 'onLine'>): ChildSpec {
  return {
    name: 's3 (versitygw)',
    start: async () => {
      const running = await startGateway(options);
      return {
        pid: running.child.pid,
        exited: new Promise<string>((resolve) =>
          running.child.once('exit', (code, signal) =>
            resolve(signal ? `was killed by ${signal}` : `exited with code ${code}`),
          ),
        ),
        stop: () => running.stop(),
      };
    },
  };
}
