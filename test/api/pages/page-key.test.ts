import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePageKey, PAGE_KEY_LABEL, serviceOrigins } from '../../../api/pages/page-key.js';
import { testAccess, type TestAccess } from '../../support/keys.js';

const NOW = new Date('2026-11-20T00:00:00Z');

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
    const first = await ensurePageKey(access.store, file, origins, NOW);
    expect(first).toMatchObject({ tier: 'free', origins });
    expect((await readFile(file, 'utf8')).trim()).toBe(first.token);
    const again = await ensurePageKey(access.store, file, origins, NOW);
    expect(again.token).toBe(first.token);
    expect(await access.store.list()).toHaveLength(1);
  });

  it('is made again, the old one revoked, when the service’s origins change', async () => {
    const first = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW);
    const moved = await ensurePageKey(
      access.store,
      file,
      serviceOrigins('https://incidents.example/x', ''),
      NOW,
    );
    expect(moved.origins).toEqual(['https://incidents.example']);
    expect(moved.token).not.toBe(first.token);
    expect((await access.store.findById(first.keyId))?.revokedAt).toBe(NOW.toISOString());
  });

  it('is the operator’s own key when one that works is put in the file, whatever its plan and origins', async () => {
    const own = await access.issue('business', { label: 'public map', origins: ['https://maps.example'] });
    await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW);
    await writeFile(file, `${own.token}\n`);
    const used = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW);
    expect(used).toMatchObject({ token: own.token, tier: 'business', origins: ['https://maps.example'] });
    // Revoked, it is replaced by a key the service makes.
    await access.store.revoke(own.id, NOW);
    const replaced = await ensurePageKey(access.store, file, ['http://127.0.0.1:8080'], NOW);
    expect(replaced.token).not.toBe(own.token);
    expect((await access.store.findById(replaced.keyId))?.label).toBe(PAGE_KEY_LABEL);
  });
});
