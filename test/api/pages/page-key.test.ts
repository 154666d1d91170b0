import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePageKey, PAGE_KEY_LABEL, serviceOrigins } from '../../../api/pages/page-key.js';
import { testAccess, type TestAccess } from '../../support/keys.js';

const NOW = new Date('2026-11-20T00:00:00Z');
const QUOTA = 2_000_000;

describe('the key the map reads the API with', () => {
  let dir: string;
  let file: string;
  let access: TestAccess;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-page-key-'));
    file = join(dir, 'secrets', 'page-api-key');
    access = testAccess();
  });
  afterEach(async () => {
    access.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is made at start on the free plan, for the service’s origins, and kept across restarts', async () => {
    const origins = serviceOrigins(undefined, 'http://127.0.0.1:8080');
    expect(origins).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
    const first = await ensurePageKey(access.store, file, origins, NOW, QUOTA);
    expect(first).toMatchObject({ tier: 'free', origins });
    expect((await readFile(file, 'utf8')).trim()).toBe(first.token);
    const again = await ensurePageKey(access.store, file, origins, NOW, QUOTA);
    expect(again.token).toBe(first.token);
    expect(await access.store.list()).toHaveLength(1);
  });

  it('has a monthly quota of its own and short-window limits per client', async () => {
    const key = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW, QUOTA);
    expect(await access.store.findById(key.keyId)).toMatchObject({
      tier: 'free',
      monthlyQuota: QUOTA,
      perClient: true,
    });
  });

  it('is made again when the page key quota changes, or when it predates per-client limits', async () => {
    const origins = ['http://127.0.0.1:8080'];
    const first = await ensurePageKey(access.store, file, origins, NOW, QUOTA);
    const raised = await ensurePageKey(access.store, file, origins, NOW, 2 * QUOTA);
    expect(raised.token).not.toBe(first.token);
    expect((await access.store.findById(raised.keyId))?.monthlyQuota).toBe(2 * QUOTA);
    expect((await access.store.findById(first.keyId))?.revokedAt).toBe(NOW.toISOString());
    // A page key made before keys had limits of their own: the plan's quota, limited as a whole.
    const old = await access.issue('free', { label: PAGE_KEY_LABEL, origins });
    await writeFile(file, `${old.token}\n`);
    const remade = await ensurePageKey(access.store, file, origins, NOW, 2 * QUOTA);
    expect(remade.token).not.toBe(old.token);
    expect(await access.store.findById(remade.keyId)).toMatchObject({ perClient: true });
  });

  it('is made again, the old one revoked, when the service’s origins change', async () => {
    const first = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW, QUOTA);
    const moved = await ensurePageKey(
      access.store,
      file,
      serviceOrigins('https://incidents.example/x', ''),
      NOW,
      QUOTA,
    );
    expect(moved.origins).toEqual(['https://incidents.example']);
    expect(moved.token).not.toBe(first.token);
    expect((await access.store.findById(first.keyId))?.revokedAt).toBe(NOW.toISOString());
  });

  it('is the operator’s own key when one that works is put in the file, whatever its plan and origins', async () => {
    const own = await access.issue('business', { label: 'public map', origins: ['https://maps.example'] });
    await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW, QUOTA);
    await writeFile(file, `${own.token}\n`);
    const used = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW, QUOTA);
    expect(used).toMatchObject({ token: own.token, tier: 'business', origins: ['https://maps.example'] });
    // Revoked, it is replaced by a key the service makes.
    await access.store.revoke(own.id, NOW);
    const replaced = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW, QUOTA);
    expect(replaced.token).not.toBe(own.token);
    expect((await access.store.findById(replaced.keyId))?.label).toBe(PAGE_KEY_LABEL);
  });
});
