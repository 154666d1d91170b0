import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyStoreBackupActivities } from '../../activities/key-store-backup.js';
import { openAccessStore } from '../../api/access/open-store.js';
import { openSubscriptionStore } from '../../api/subscriptions/open-store.js';
import { dataLayout, parseSettings } from '../../config/index.js';
import { listBackups } from '../../lake/backups/key-store-backups.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { recordRunningService } from '../../runtime/service-file.js';
import { fillKeyStore, readKeyStore, type KeyStoreContents } from '../support/key-store-contents.js';
import { startTestBucket, TEST_CREDENTIALS, type TestBucket } from '../support/versitygw.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run restore -- …` as an operator runs it: a child process with the writer's settings. */
function restore(env: Record<string, string>, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, join(ROOT, 'scripts', 'restore.ts'), ...args],
      { cwd: ROOT, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The SQLite key store, backed up while in use to the lake's bucket, and put back on a new disk. */
describe('the SQLite key store backed up to the bucket and restored with npm run restore -- --keys', () => {
  let bucket: TestBucket;
  let dir: string;
  beforeAll(async () => {
    bucket = await startTestBucket();
    vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_CREDENTIALS.secretAccessKey);
    dir = await mkdtemp(join(tmpdir(), 'eids-key-backup-'));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await bucket.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The settings a host runs with: the lake in the bucket, its key store backups beside it (the default). */
  const envFor = (dataDir: string) => ({
    DATA_DIR: dataDir,
    LAKE_URL: `s3://${bucket.bucket}/lake`,
    S3_ENDPOINT: bucket.endpoint,
    KEY_BACKUP_KEEP: '2',
    AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
  });

  it('finds every key, plan, quota count and subscription again, and refuses to overwrite a store in use', async () => {
    const lost = join(dir, 'lost-host');
    const settings = parseSettings(envFor(lost));
    const access = (await openAccessStore(settings)).store;
    const subscriptions = await openSubscriptionStore(settings);
    const contents: KeyStoreContents = await fillKeyStore(access, subscriptions);
    const before = await readKeyStore(access, subscriptions, contents);
    expect(before.keys.every((key) => key?.secretSha256.length === 32)).toBe(true);
    expect(before.used).toEqual([100, 200, 300, 400, 500]);
    expect(before.deliveries.flat().map((d) => d.status)).toEqual(['delivered', 'pending', 'failed']);
    const activities = createKeyStoreBackupActivities({ settings });
    // Three backups while the stores stay open (an online backup); two are kept.
    for (const at of ['2026-11-20T01:00:00.000Z', '2026-11-20T02:00:00.000Z', '2026-11-20T03:00:00.000Z'])
      expect(await activities.backupKeyStore({ takenAt: at })).toMatchObject({
        counts: { keys: 5, revokedKeys: 1, subscriptions: 3 },
        where: `s3://${bucket.bucket}/key-store-backups/lake`,
      });
    expect((await listBackups(bucket.storage('key-store-backups/lake'))).finished).toEqual([
      '2026-11-20T02-00-00.000Z',
      '2026-11-20T03-00-00.000Z',
    ]);
    await access.close();
    await subscriptions.close();

    const fresh = join(dir, 'new-host');
    const listed = await restore(envFor(fresh), ['--keys', '--list']);
    expect(listed.stdout).toContain('2026-11-20T03-00-00.000Z  5 keys (1 revoked), 3 subscriptions');
    const restored = await restore(envFor(fresh), ['--keys']);
    expect(restored.stderr).toMatch(
      /restored 5 keys \(1 revoked\) and 3 webhook subscriptions from backup 2026-11-20T03-00-00.000Z/,
    );
    expect(restored.code).toBe(0);
    // Only the store's files, nothing the restore used on the way.
    expect((await readdir(dirname(dataLayout(fresh).accessDbFile))).sort()).toEqual([
      'access.sqlite',
      'subscriptions.sqlite',
    ]);
    const settingsAfter = parseSettings(envFor(fresh));
    const accessAfter = (await openAccessStore(settingsAfter)).store;
    const subscriptionsAfter = await openSubscriptionStore(settingsAfter);
    expect(await readKeyStore(accessAfter, subscriptionsAfter, contents)).toEqual(before);
    await accessAfter.close();
    await subscriptionsAfter.close();

    const again = await restore(envFor(fresh), ['--keys', '--from', '2026-11-20T02-00-00.000Z']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('holds 5 keys: not replaced (add --replace');
    const replaced = await restore(envFor(fresh), ['--keys', '--replace']);
    expect(replaced.code, replaced.stderr).toBe(0);
    const accessFile = dataLayout(fresh).accessDbFile;
    expect(existsSync(`${accessFile}.before-restore-2026-11-20T03-00-00.000Z`)).toBe(true);

    await recordRunningService(fresh, {
      pid: process.pid,
      temporalAddress: '127.0.0.1:7233',
      temporalNamespace: 'default',
      apiUrl: 'http://127.0.0.1:8080',
      ingestTaskQueue: 'ingest',
      warehouseTaskQueue: 'warehouse',
      startedAt: new Date().toISOString(),
    });
    const running = await restore(envFor(fresh), ['--keys', '--replace']);
    expect(running.code).toBe(1);
    expect(running.stderr).toContain(`the service runs over ${fresh} (pid ${process.pid}): stop it first`);
  });

  it('leaves a PostgreSQL key store to its own tools', async () => {
    const settings = parseSettings({
      ...envFor(join(dir, 'pg')),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(
      await createKeyStoreBackupActivities({ settings }).backupKeyStore({
        takenAt: new Date().toISOString(),
      }),
    ).toEqual({ skipped: 'the key store is PostgreSQL (DATABASE_URL): back it up with pg_dump' });
    const refused = await restore({ ...envFor(join(dir, 'pg')), DATABASE_URL: settings.DATABASE_URL! }, [
      '--keys',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('restore it with pg_restore');
  });
});

/** A command line as an operator types it (found on PATH); resolves with how it ended. */
function command(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The PostgreSQL key store, backed up and restored with the commands docs/deploy.md prints. */
describe('the PostgreSQL key store dumped with pg_dump and restored with pg_restore', () => {
  let postgres: TestPostgres;
  let dir: string;
  beforeAll(async () => {
    postgres = await startTestPostgres();
    dir = await mkdtemp(join(tmpdir(), 'eids-pg-dump-'));
  });
  afterAll(async () => {
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds every key, plan, quota count and subscription in the restored database', async () => {
    const lost = parseSettings({ DATA_DIR: join(dir, 'a'), DATABASE_URL: await postgres.newDatabase() });
    const access = (await openAccessStore(lost)).store;
    const subscriptions = await openSubscriptionStore(lost);
    const contents = await fillKeyStore(access, subscriptions);
    const before = await readKeyStore(access, subscriptions, contents);
    expect(before.used).toEqual([100, 200, 300, 400, 500]);
    const dump = join(dir, 'keys.dump');
    const dumped = await command('pg_dump', ['--format=custom', `--file=${dump}`, lost.DATABASE_URL!]);
    expect(dumped.code, dumped.stderr).toBe(0);
    await access.close();
    await subscriptions.close();

    const restoredUrl = await postgres.newDatabase();
    const restoreArgs = ['--exit-on-error', '--no-owner', `--dbname=${restoredUrl}`, dump];
    const restored = await command('pg_restore', restoreArgs);
    expect(restored.code, restored.stderr).toBe(0);
    const after = parseSettings({ DATA_DIR: join(dir, 'b'), DATABASE_URL: restoredUrl });
    const accessAfter = (await openAccessStore(after)).store;
    const subscriptionsAfter = await openSubscriptionStore(after);
    expect(await readKeyStore(accessAfter, subscriptionsAfter, contents)).toEqual(before);
    await accessAfter.close();
    await subscriptionsAfter.close();
  });
});
