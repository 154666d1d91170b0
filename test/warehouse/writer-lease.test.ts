import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestSchema, type Manifest } from '../../lake/manifest.js';
import { LakeFileCache } from '../../lake/replica/file-cache.js';
import type { LakeStorage } from '../../lake/storage/lake-storage.js';
import { checkVersionChains } from '../../lake/verify-chains.js';
import { waitFor } from '../support/harness.js';
import { startTestBucket, type TestBucket } from '../support/versitygw.js';

const CHILD = fileURLToPath(new URL('../support/lease-writer-child.ts', import.meta.url));
/** Short for the test: the writer's default is 20 s, longer than its activity heartbeat time-out. */
const TTL_MS = 3_000;

interface Writer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startWriter(dir: string, bucket: TestBucket): Writer {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, dir, bucket.endpoint, bucket.bucket, String(TTL_MS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function bucketManifest(storage: LakeStorage): Promise<Manifest & { writer?: string }> {
  const read = await storage.read('manifest.json');
  if (read === undefined || read === 'unchanged') throw new Error('no manifest');
  const json = JSON.parse(read.body.toString('utf8')) as { writer?: string };
  return { ...ManifestSchema.parse(json), ...(json.writer ? { writer: json.writer } : {}) };
}

const until = <T>(what: string, check: () => T | undefined | Promise<T | undefined>) =>
  waitFor(() => Promise.resolve(check()), { what, timeoutMs: 60_000 });

describe('two writers, one lake (writer lease and fencing, real S3 gateway)', () => {
  let bucket: TestBucket;
  let storage: LakeStorage;
  let root: string;
  const writers: Writer[] = [];

  beforeAll(async () => {
    bucket = await startTestBucket('eids-fencing');
    storage = bucket.storage('lake');
    root = await mkdtemp(join(tmpdir(), 'eids-fencing-'));
  });
  afterAll(async () => {
    for (const writer of writers) {
      writer.child.kill('SIGCONT');
      writer.child.kill('SIGKILL');
    }
    await bucket?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a standby takes over from a frozen writer, which steps down when it resumes: no file overwritten, no version lost or doubled', async () => {
    const primary = startWriter(join(root, 'primary'), bucket);
    writers.push(primary);
    const primaryId = await until('the primary to lead', () => /leading (\S+)/.exec(primary.output())?.[1]);
    await until('a few generations', async () =>
      (await bucketManifest(storage)).generation >= 5 ? true : undefined,
    );

    const standby = startWriter(join(root, 'standby'), bucket);
    writers.push(standby);
    await until('the standby to stand by', () =>
      standby.output().includes('standing by') ? true : undefined,
    );

    primary.child.kill('SIGSTOP');
    const frozenAt = (await bucketManifest(storage)).generation;
    const standbyId = await until('the standby to lead', () => /leading (\S+)/.exec(standby.output())?.[1]);
    expect(standbyId).not.toBe(primaryId);
    const taken = await until('the standby to publish', async () => {
      const manifest = await bucketManifest(storage);
      return manifest.writer === standbyId && manifest.generation > frozenAt ? manifest : undefined;
    });
    expect(taken.generation).toBeGreaterThan(frozenAt);

    primary.child.kill('SIGCONT');
    expect(await primary.exited).toBe(3);
    const lines = primary.output().trim().split('\n');
    expect(lines.filter((line) => line.startsWith('stepped down'))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/^stepped down: /);

    // The standby goes on; then the bucket's lake, as a reader downloads it, checked file by file.
    await until('the standby to publish more', async () => {
      const manifest = await bucketManifest(storage);
      return manifest.generation > taken.generation + 3 ? true : undefined;
    });
    standby.child.kill('SIGSTOP');
    const final = await bucketManifest(storage);
    expect(final.writer).toBe(standbyId);
    const copy = join(root, 'reader');
    const cache = await LakeFileCache.open(copy, storage, { limitBytes: Number.MAX_SAFE_INTEGER });
    await cache.ensure(final.files); // refuses any file whose bytes are not the manifest's
    await writeFile(join(copy, 'manifest.json'), JSON.stringify(final));
    const chains = await checkVersionChains(copy);
    expect(chains.versions).toBeGreaterThan(0);
    expect({ doubled: chains.doubled, lost: chains.lost }).toEqual({ doubled: 0, lost: 0 });
  }, 180_000);
});
