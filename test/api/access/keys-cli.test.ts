import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, parseKey } from '../../../api/access/key-format.js';
import { SqliteAccessStore } from '../../../api/access/sqlite-store.js';
import type { AccessStore } from '../../../api/access/types.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { dataLayout, DEMO_DATA_DIR } from '../../../config/index.js';
import { bearer } from '../../support/keys.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { STORE_KINDS, testAccessStores, type StoreUnderTest } from '../../support/access-stores.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** tsx by file URL, so the CLI can run from any working directory. */
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** `npm run keys -- …` as a child process, from `cwd`, with the given environment. */
function run(cwd: string, env: Record<string, string>, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, join(ROOT, 'scripts', 'keys.ts'), ...args],
      { cwd, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs `each` over the items, `size` at a time. */
async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

const stores = testAccessStores();

/** What the store holds, as bytes: the SQLite file and its log, or every key row in PostgreSQL. */
async function storedBytes(target: StoreUnderTest): Promise<Buffer> {
  if (target.kind === 'sqlite') {
    // In WAL mode, recent writes are in the -wal file until a checkpoint.
    const file = dataLayout(target.dir).accessDbFile;
    const wal = await readFile(`${file}-wal`).catch(() => Buffer.alloc(0));
    return Buffer.concat([await readFile(file), wal]);
  }
  const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ row: string }>('SELECT k::text AS row FROM api_keys k');
  await client.end();
  return Buffer.from(rows.map((r) => r.row).join('\n'));
}

describe.each(STORE_KINDS)(
  'the key CLI on the %s store, against a running app that holds it open',
  (kind) => {
    let dir: string;
    let target: StoreUnderTest;
    let serving: ServingStore;
    let store: AccessStore;
    let app: App;
    /** `npm run keys -- …` against the test's store. */
    const keys = (...args: string[]): Promise<Run> => run(ROOT, target.env, args);

    beforeAll(async () => {
      target = await stores.fresh(kind);
      dir = target.dir;
      // The CLI creates the store; the app opens it afterwards and keeps it open throughout.
      await keys('list');
      serving = await ServingStore.open(join(dir, 'serving'));
      store = await target.open();
      app = createApp({
        cap: TEST_CAP_ISSUER,
        store: serving,
        feedHealth: { read: () => Promise.resolve([]) },
        catalogue: [],
        cursors: new CursorCodec('cli-test-secret'),
        keys: store,
        quota: store,
        version: 'test',
        startedAt: new Date(),
        now: () => new Date(),
      });
    });
    afterAll(async () => {
      await store.close();
      serving.close();
    });

    it('creates a key, printed once on stdout, that works at once; list shows it without secrets; revoke stops it at once', async () => {
      const created = await keys(
        'create',
        '--tier',
        'starter',
        '--label',
        'ops dashboard',
        '--origin',
        'https://Ops.Example:443',
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^eids_[a-z2-7]{12}_[A-Za-z0-9_-]{43}\n$/);
      expect(created.stderr).toMatch(/cannot be shown again/);
      const token = created.stdout.trim();
      const { id, secret } = parseKey(token)!;

      const ok = await app.request('/v1/incidents', { headers: bearer(token) });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-remaining')).toBe('99999');

      const listed = await keys('list', '--json');
      expect(listed.code).toBe(0);
      const { keys: all } = JSON.parse(listed.stdout) as { keys: Record<string, unknown>[] };
      expect(all).toEqual([
        expect.objectContaining({
          id,
          tier: 'starter',
          label: 'ops dashboard',
          origins: ['https://ops.example'],
          entitlements: [],
          revokedAt: null,
          usedThisMonth: 1,
          monthlyQuota: 100_000,
        }),
      ]);
      const table = await keys('list');
      const hash = hashSecret(secret);
      for (const output of [listed.stdout, table.stdout, table.stderr]) {
        expect(output).not.toContain(secret);
        expect(output).not.toContain(hash.toString('hex'));
        expect(output).not.toContain(hash.toString('base64'));
      }
      expect(table.stdout).toMatch(new RegExp(`^${id}\\s+starter\\s+ops dashboard`, 'm'));
      // The store holds the hash, never the secret.
      const bytes = await storedBytes(target);
      expect(bytes.includes(Buffer.from(id))).toBe(true);
      expect(bytes.includes(Buffer.from(secret))).toBe(false);

      const revoked = await keys('revoke', id);
      expect(revoked.code, revoked.stderr).toBe(0);
      const refused = await app.request('/v1/incidents', { headers: bearer(token) });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    });

    it('gives a key a monthly quota of its own and per-client limits, and lists them', async () => {
      const created = await keys('create', '--tier', 'free', '--monthly-quota', '5000', '--per-client');
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).toMatch(/5000 requests a month, limits per client address/);
      const { id } = parseKey(created.stdout.trim())!;
      expect(await store.findById(id)).toMatchObject({ monthlyQuota: 5000, perClient: true });
      const listed = JSON.parse((await keys('list', '--json')).stdout) as { keys: Record<string, unknown>[] };
      expect(listed.keys.find((key) => key.id === id)).toMatchObject({
        monthlyQuota: 5000,
        ownMonthlyQuota: true,
        perClient: true,
      });
      const table = (await keys('list')).stdout;
      expect(table).toMatch(new RegExp(`^${id}\\s+free\\s.*0/5000 \\(own\\)\\s+per client$`, 'm'));
      // The app counts the key against its own quota.
      const answer = await app.request('/v1/incidents', { headers: bearer(created.stdout.trim()) });
      expect(answer.headers.get('ratelimit-limit')).toBe('5000');
    });

    it('refuses a key id it does not hold with exit 1, and issues what its plan allows', async () => {
      const unknown = await keys('revoke', 'aaaaaaaaaaaa');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/No key has the id aaaaaaaaaaaa/);
      const entitled = await keys('create', '--tier', 'enterprise', '--entitlement', 'declarations');
      expect(entitled.code, entitled.stderr).toBe(0);
    });
  },
);

describe("the key CLI's arguments", () => {
  // Arguments are checked before the store is opened: one store is enough to see that nothing changes.
  let target: StoreUnderTest;
  const keys = (...args: string[]): Promise<Run> => run(ROOT, target.env, args);
  beforeAll(async () => {
    target = await stores.fresh('sqlite');
  });

  it('prints its usage on --help, and on any bad argument exits 2 with the usage and no stack trace, storing nothing', async () => {
    const help = await keys('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage:\n {2}npm run keys -- create --tier/);
    const keysBefore = JSON.parse((await keys('list', '--json')).stdout) as { keys: unknown[] };
    const refusals: [string[], RegExp][] = [
      [[], /Say what to do/],
      [['--bogus'], /Unknown option '--bogus'/],
      [['create', '--tier'], /argument missing/],
      [['frob'], /Unknown command "frob"/],
      [['create'], /create needs --tier/],
      [['create', '--tier', 'gold'], /tier must be one of free, starter/],
      [['create', '--tier', 'platinum', '--demo'], /tier must be one of free, starter/],
      [
        ['create', '--tier', 'pro', '--entitlement', 'declarations'],
        /declarations entitlement is for enterprise/,
      ],
      [
        ['create', '--tier', 'enterprise', '--entitlement', 'everything'],
        /entitlement must be one of declarations/,
      ],
      [
        ['create', '--tier', 'pro', '--origin', 'https://a.example/path'],
        /origin must look like https:\/\/app\.example/,
      ],
      [['create', '--tier', 'free', '--json'], /create does not take --json/],
      [['create', '--tier', 'free', '--monthly-quota', '0'], /--monthly-quota takes a whole number above 0/],
      [['create', '--tier', 'free', '--monthly-quota', '1e6'], /--monthly-quota takes a whole number/],
      [['list', '--per-client'], /list does not take --per-client/],
      [['list', '--tier', 'pro'], /list does not take --tier/],
      [['revoke'], /revoke takes one key id/],
      [['revoke', 'not-a-key-id'], /revoke takes a key id as list shows it/],
      [['revoke', 'aaaaaaaaaaaa', '--label', 'x'], /revoke does not take --label/],
      [['list', 'extra'], /list takes no other words/],
    ];
    // Each case is a process of its own: a few run side by side.
    await inBatches(refusals, 4, async ([args, reason]) => {
      const refused = await keys(...args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toMatch(reason);
      expect(refused.stderr, args.join(' ')).toMatch(/\n\nusage:\n/);
      expect(refused.stderr, args.join(' ')).not.toMatch(/^\s+at /m);
      expect(refused.stdout).toBe('');
    });
    const keysAfter = JSON.parse((await keys('list', '--json')).stdout) as { keys: unknown[] };
    expect(keysAfter.keys.length).toBe(keysBefore.keys.length);
  });
});

describe('the key CLI with --demo', () => {
  it('with --demo, issues the key into the data folder the demo reads', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'eids-keys-demo-'));
    try {
      const created = await run(cwd, {}, ['create', '--demo', '--tier', 'free']);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).toContain(`in ${join('data', 'demo')}/`);
      const { id } = parseKey(created.stdout.trim())!;
      const demoStore = SqliteAccessStore.open(dataLayout(join(cwd, DEMO_DATA_DIR)).accessDbFile);
      expect((await demoStore.findById(id))?.tier).toBe('free');
      demoStore.close();
      expect(existsSync(dataLayout(join(cwd, 'data')).accessDbFile)).toBe(false);
      const listed = await run(cwd, {}, ['list', '--demo', '--json']);
      expect((JSON.parse(listed.stdout) as { keys: { id: string }[] }).keys.map((k) => k.id)).toEqual([id]);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});
