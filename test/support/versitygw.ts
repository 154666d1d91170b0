import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { S3LakeStorage } from '../../lake/storage/s3-storage.js';
import {
  createBucket,
  findVersitygw,
  freePort,
  startGateway,
  type RunningGateway,
} from '../../runtime/versitygw.js';

export const TEST_CREDENTIALS = { accessKeyId: 'eids-test', secretAccessKey: 'eids-test-secret-key' };

/**
 * A real S3 gateway (versitygw over a temporary folder) for one suite, with one bucket. It can be
 * stopped and started again on the same port and folder: the bucket unreachable for a while.
 */
export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The folder holding the bucket's objects as files (`<root>/<bucket>/<key>`), to damage one. */
  objectsDir: string;
  storage(prefix?: string): S3LakeStorage;
  stop(): Promise<void>;
  /** Starts it again, and resolves once this process sees it answer. */
  restart(): Promise<void>;
  /** SIGSTOP: the gateway still accepts connections (the kernel does) but answers nothing. */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  thaw(): void;
  close(): Promise<void>;
}

export async function startTestBucket(bucket = 'eids-lake'): Promise<TestBucket> {
  const binary = findVersitygw();
  if (!binary)
    throw new Error('versitygw is not installed: run `npm run setup` (installs it into .tools/versitygw/)');
  const root = await mkdtemp(join(tmpdir(), 'eids-s3-'));
  const port = await freePort();
  const start = () =>
    startGateway({
      binary,
      root,
      port,
      accessKey: TEST_CREDENTIALS.accessKeyId,
      secretKey: TEST_CREDENTIALS.secretAccessKey,
    });
  let gateway: RunningGateway | undefined = await start();
  await createBucket(gateway.endpoint, bucket, TEST_CREDENTIALS);
  const endpoint = gateway.endpoint;
  const made: S3LakeStorage[] = [];
  return {
    endpoint,
    bucket,
    objectsDir: join(root, bucket),
    storage: (prefix = 'lake') => {
      const storage = new S3LakeStorage({
        bucket,
        prefix,
        endpoint,
        credentials: TEST_CREDENTIALS,
        requestTimeoutMs: 3_000,
      });
      made.push(storage);
      return storage;
    },
    stop: async () => {
      await gateway?.stop();
      gateway = undefined;
    },
    restart: async () => {
      gateway ??= await start();
      // Calls to a bucket this process saw go away fail at once until a probe (one a second) finds it
      // back: the restart is done when this process sees it answer.
      const probe = new S3LakeStorage({ bucket, prefix: 'probe', endpoint, credentials: TEST_CREDENTIALS });
      try {
        for (const deadline = Date.now() + 10_000; ;) {
          const answered = await probe.list('').then(
            () => true,
            () => false,
          );
          if (answered) break;
          if (Date.now() > deadline) throw new Error('the restarted bucket never answered');
          await delay(100);
        }
      } finally {
        probe.close();
      }
    },
    freeze: () => void gateway?.child.kill('SIGSTOP'),
    thaw: () => void gateway?.child.kill('SIGCONT'),
    close: async () => {
      gateway?.child.kill('SIGCONT');
      for (const storage of made) storage.close();
      await gateway?.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
