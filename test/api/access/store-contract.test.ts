import Database from 'better-sqlite3';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { issueKey } from '../../../api/access/issue.js';
import { MIGRATIONS } from '../../../api/access/postgres-migrations.js';
import type { AccessStore } from '../../../api/access/types.js';
import { dataLayout } from '../../../config/index.js';
import { STORE_KINDS, testAccessStores } from '../../support/access-stores.js';

const stores = testAccessStores();
const NOW = new Date('2026-11-21T00:00:00Z');

/** What every access store does the same, whichever it is: the calls the API and the key CLI make. */
describe.each(STORE_KINDS)('the %s access store', (kind) => {
  async function twoConnections(): Promise<[AccessStore, AccessStore, () => Promise<void>]> {
    const store = await stores.fresh(kind);
    const [a, b] = [await store.open(), await store.open()];
    return [a, b, async () => (await a.close(), await b.close())];
  }

  it('keeps keys with their hash, plan, entitlements and origins; revokes once', async () => {
    const [store, , close] = await twoConnections();
    const { key } = await issueKey(
      store,
      { tier: 'enterprise', label: 'ops', entitlements: ['declarations'], origins: ['https://a.example'] },
      NOW,
    );
    const stored = (await store.findById(key.id))!;
    expect(stored).toMatchObject({
      id: key.id,
      tier: 'enterprise',
      label: 'ops',
      entitlements: ['declarations'],
      origins: ['https://a.example'],
      createdAt: NOW.toISOString(),
      revokedAt: null,
    });
    expect(stored.secretSha256).toHaveLength(32);
    const listed = await store.list();
    expect(listed.map((info) => info.id)).toEqual([key.id]);
    expect(listed[0]).not.toHaveProperty('secretSha256');
    expect(await store.revoke(key.id, NOW)).toBe(true);
    expect(await store.revoke(key.id, new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect((await store.findById(key.id))!.revokedAt).toBe(NOW.toISOString());
    expect(await store.revoke('nosuchkeyid0', NOW)).toBe(false);
    expect(await store.findById('nosuchkeyid0')).toBeUndefined();
    await close();
  });

  it("keeps a key's own monthly quota and per-client limits", async () => {
    const [store, other, close] = await twoConnections();
    const { key: own } = await issueKey(store, { tier: 'free', monthlyQuota: 1234, perClient: true }, NOW);
    const { key: plain } = await issueKey(store, { tier: 'free' }, NOW);
    expect(await other.findById(own.id)).toMatchObject({ monthlyQuota: 1234, perClient: true });
    expect(await other.findById(plain.id)).toMatchObject({ monthlyQuota: null, perClient: false });
    expect((await other.keyChanges(0)).keys).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: own.id, monthlyQuota: 1234, perClient: true })]),
    );
    expect((await other.list()).find((info) => info.id === own.id)).toMatchObject({ monthlyQuota: 1234 });
    await close();
  });

  it('reports every change after a cursor, whichever connection made it', async () => {
    const [api, cli, close] = await twoConnections();
    const start = await api.keyChanges(0);
    expect(start.keys).toEqual([]);
    const { key: a } = await issueKey(cli, { tier: 'free' }, NOW);
    const { key: b } = await issueKey(cli, { tier: 'pro' }, NOW);
    const first = await api.keyChanges(start.cursor);
    expect(first.keys.map((key) => key.id).sort()).toEqual([a.id, b.id].sort());
    expect(first.cursor).toBeGreaterThan(start.cursor);
    expect(await api.keyChanges(first.cursor)).toEqual({ cursor: first.cursor, keys: [], gone: [] });
    await cli.revoke(a.id, NOW);
    const second = await api.keyChanges(first.cursor);
    expect(second.keys).toEqual([expect.objectContaining({ id: a.id, revokedAt: NOW.toISOString() })]);
    expect((await api.keyChanges(0)).keys.map((key) => key.id).sort()).toEqual([a.id, b.id].sort());
    await close();
  });

  it('never skips a change made while it reads, with writers on several connections', async () => {
    const store = await stores.fresh(kind);
    const writers = await Promise.all(Array.from({ length: 4 }, () => store.open()));
    const reader = await store.open();
    const seen = new Set<string>();
    let cursor = (await reader.keyChanges(0)).cursor;
    let writing = true;
    const reading = (async () => {
      while (writing) {
        const changes = await reader.keyChanges(cursor);
        for (const key of changes.keys) seen.add(key.id);
        cursor = changes.cursor;
      }
    })();
    const made = (
      await Promise.all(
        writers.map(async (writer) => {
          const ids: string[] = [];
          for (let i = 0; i < 25; i++) ids.push((await issueKey(writer, { tier: 'free' }, NOW)).key.id);
          return ids;
        }),
      )
    ).flat();
    writing = false;
    await reading;
    for (const key of (await reader.keyChanges(cursor)).keys) seen.add(key.id);
    expect([...seen].sort()).toEqual(made.sort());
    for (const connection of [...writers, reader]) await connection.close();
  });

  it('leases atomically: concurrent leases on two connections never pass the limit together', async () => {
    const [a, b, close] = await twoConnections();
    const limit = 500;
    const grants = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).lease('key', '2026-11', 1 + (i % 7), limit)),
    );
    expect(grants.reduce((sum, grant) => sum + grant.granted, 0)).toBe(limit);
    // Each grant is its own range of the count: no request is granted twice.
    const ranges = grants
      .filter((grant) => grant.granted > 0)
      .map((grant) => [grant.used - grant.granted, grant.used] as const)
      .sort((x, y) => x[0] - y[0]);
    ranges.forEach(([from], i) => expect(from).toBe(i === 0 ? 0 : ranges[i - 1]![1]));
    expect(await a.lease('key', '2026-11', 5, limit)).toEqual({ granted: 0, used: limit });
    expect(await b.consume('key', '2026-11', limit)).toEqual({ allowed: false, used: limit });
    await a.release('key', '2026-11', 3);
    expect(await b.peek('key', '2026-11')).toBe(limit - 3);
    expect(await b.lease('key', '2026-11', 10, limit)).toEqual({ granted: 3, used: limit });
    // A limit lowered below the count takes nothing and counts nothing back.
    expect(await a.lease('key', '2026-11', 10, 100)).toEqual({ granted: 0, used: limit });
    expect(await a.consume('key', '2026-12', limit)).toEqual({ allowed: true, used: 1 });
    expect(await a.peek('other', '2026-11')).toBe(0);
    await close();
  });
});

describe('a SQLite file made before keys had limits of their own', () => {
  it("gets the columns when opened, its keys on their plan's quota and limited as a whole", async () => {
    const store = await stores.fresh('sqlite');
    const file = dataLayout(store.dir).accessDbFile;
    await mkdir(dirname(file), { recursive: true });
    const old = new Database(file);
    old.exec(`CREATE TABLE api_keys (
      id TEXT PRIMARY KEY, secret_sha256 BLOB NOT NULL, tier TEXT NOT NULL, label TEXT NOT NULL DEFAULT '',
      entitlements TEXT NOT NULL DEFAULT '[]', origins TEXT NOT NULL DEFAULT '[]', created_at TEXT NOT NULL,
      revoked_at TEXT) STRICT`);
    old
      .prepare('INSERT INTO api_keys (id, secret_sha256, tier, created_at) VALUES (?, ?, ?, ?)')
      .run('aaaaaaaaaaaa', Buffer.alloc(32), 'starter', NOW.toISOString());
    old.close();
    const [a, b] = await Promise.all([store.open(), store.open()]);
    expect(await a.findById('aaaaaaaaaaaa')).toMatchObject({
      tier: 'starter',
      monthlyQuota: null,
      perClient: false,
    });
    const { key } = await issueKey(b, { tier: 'free', monthlyQuota: 7 }, NOW);
    expect((await a.findById(key.id))?.monthlyQuota).toBe(7);
    await a.close();
    await b.close();
  });
});

describe("the PostgreSQL store's migrations", () => {
  it('are applied once when several processes open a new database at the same time', async () => {
    const store = await stores.fresh('postgres');
    const opened = await Promise.all(Array.from({ length: 4 }, () => store.open()));
    const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    await client.end();
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    // And the store they opened works.
    expect(await opened[0]!.lease('key', '2026-11', 2, 10)).toEqual({ granted: 2, used: 2 });
    for (const connection of opened) await connection.close();
  });
});
