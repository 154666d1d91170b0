import Database from 'better-sqlite3';
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createKeyStoreBackupActivities } from '../../activities/key-store-backup.js';
import { issueKey } from '../../api/access/issue.js';
import { SqliteAccessStore } from '../../api/access/sqlite-store.js';
import { parseSettings, sqliteKeyStoreFiles } from '../../config/index.js';
import { restoreKeyStore } from '../../runtime/key-store-restore.js';
import { SqliteSubscriptionStore } from '../../subscriptions/sqlite-store.js';

const WRITER = join(import.meta.dirname, 'key-store-writer-child.ts');

/** A digest of every row of a table, in key order: equal digests, equal tables. */
function tableDigest(file: string, table: string, order: string): string {
  const db = new Database(file, { readonly: true });
  const hash = createHash('sha256');
  for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).iterate())
    hash.update(
      JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value)),
    );
  db.close();
  return hash.digest('hex').slice(0, 16);
}

async function fill(files: { access: string; subscriptions: string }, keys: number, subscriptions: number) {
  const access = SqliteAccessStore.open(files.access);
  const ids: string[] = [];
  const now = new Date();
  for (let i = 0; i < keys; i++)
    ids.push((await issueKey(access, { tier: i % 10 === 0 ? 'pro' : 'free' }, now)).key.id);
  access.close();
  const store = SqliteSubscriptionStore.open(files.subscriptions);
  for (let i = 0; i < subscriptions; i++) {
    const [lat, lng] = [-38 + (i % 100) / 10, 141 + (Math.floor(i / 100) % 100) / 10];
    await store.create({
      id: `sub${i}`,
      keyId: ids[i % ids.length]!,
      url: `https://hooks.example.org/${i}`,
      types: [],
      area: { type: 'point', lat, lng, radiusKm: 20 },
      resolved: { kind: 'circle', latitude: lat, longitude: lng, radiusKm: 20 },
      secret: `whsec_${i}`,
      status: 'active',
      disabledReason: null,
      disabledAt: null,
      createdAt: now.toISOString(),
    });
  }
  store.close();
  return ids;
}

/** A process leasing quota from the store without pause, as API processes do under load. */
async function startWriter(file: string, keys: string[]) {
  const child = fork(WRITER, [file, keys.slice(0, 1000).join(',')], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once('message', resolve));
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return JSON.parse(out) as { writes: number; longestMs: number };
  };
}

/**
 * (c) The SQLite key store at scale: `keys` keys and `subscriptions` subscriptions backed up while
 * another process writes to it without pause, then restored on an empty data folder; prints the
 * times, the size, the writer's longest wait, and whether the restored tables equal the originals.
 */
export async function keyStoreAtScale(
  root: string,
  sizes: { keys: number; subscriptions: number },
  say: (line: string) => void,
): Promise<boolean> {
  const backupUrl = join(root, 'key-store-backups');
  const settings = parseSettings({ DATA_DIR: join(root, 'keys-lost'), KEY_BACKUP_URL: backupUrl });
  const files = sqliteKeyStoreFiles(settings);
  let started = performance.now();
  const ids = await fill(files, sizes.keys, sizes.subscriptions);
  say(
    `key store: ${sizes.keys} keys and ${sizes.subscriptions} subscriptions made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // The writer alone first, as long as it will run beside the backup: its longest lease is the baseline.
  const stopAlone = await startWriter(files.access, ids);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const alone = await stopAlone();
  const stopWriter = await startWriter(files.access, ids);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  started = performance.now();
  const result = await createKeyStoreBackupActivities({ settings }).backupKeyStore({
    takenAt: new Date().toISOString(),
  });
  const backupS = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const writer = await stopWriter();
  if ('skipped' in result) throw new Error(result.skipped);
  say(
    `key store backup: ${(result.bytes / 1e6).toFixed(1)} MB in ${backupS.toFixed(2)} s while another process leased quota ${writer.writes} times; its longest lease ${writer.longestMs.toFixed(1)} ms (${alone.longestMs.toFixed(1)} ms without a backup, ${alone.writes} leases)`,
  );
  const fresh = parseSettings({ DATA_DIR: join(root, 'keys-new'), KEY_BACKUP_URL: backupUrl });
  started = performance.now();
  await restoreKeyStore(fresh, {}, () => undefined);
  const restoreS = (performance.now() - started) / 1000;
  const restored = sqliteKeyStoreFiles(fresh);
  const same =
    tableDigest(files.access, 'api_keys', 'id') === tableDigest(restored.access, 'api_keys', 'id') &&
    tableDigest(files.subscriptions, 'subscriptions', 'id') ===
      tableDigest(restored.subscriptions, 'subscriptions', 'id');
  say(
    `key store restore: ${restoreS.toFixed(2)} s (${((await stat(restored.access)).size / 1e6).toFixed(1)} MB keys file); keys and subscriptions ${same ? 'the same' : 'DIFFERENT'} as the lost store's`,
  );
  return same;
}
