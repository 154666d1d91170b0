import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../api/access/issue.js';
import { openAccessStore } from '../../../api/access/open-store.js';
import { otherFolderKeys } from '../../../api/access/other-folders.js';
import { createApp, type App } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';
import { bearer } from '../../support/keys.js';

/**
 * Two data folders of one checkout, each with its own keys: a key of the other folder gets a 401 that
 * names the folder it belongs to, while a wrong secret or a revoked key gets the plain answer.
 */
describe('a key sent to the service of another data folder', () => {
  let root: string;
  let app: App;
  let store: ServingStore;
  const closers: (() => unknown)[] = [];
  const keys: Record<'own' | 'other' | 'revoked', string> = { own: '', other: '', revoked: '' };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'eids-folders-'));
    const [own, other] = [join(root, 'data'), join(root, 'data', 'demo')];
    const now = new Date();
    for (const [name, folder] of [
      ['own', own],
      ['other', other],
    ] as const) {
      const { store: keyStore } = await openAccessStore({ DATA_DIR: folder, ACCESS_DB_FILE: undefined });
      keys[name] = (await issueKey(keyStore, { tier: 'pro' }, now)).token;
      if (name === 'other') {
        const revoked = await issueKey(keyStore, { tier: 'pro' }, now);
        await keyStore.revoke(revoked.key.id, now);
        keys.revoked = revoked.token;
      }
      if (name === 'own') closers.push(() => keyStore.close());
      else await keyStore.close();
    }
    const { store: ownKeys } = await openAccessStore({ DATA_DIR: own, ACCESS_DB_FILE: undefined });
    closers.push(() => ownKeys.close());
    store = await ServingStore.open(join(own, 'lake'));
    app = createApp({
      cap: TEST_CAP_ISSUER,
      store,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('folders-test-secret'),
      keys: ownKeys,
      quota: ownKeys,
      otherFolders: otherFolderKeys({ DATA_DIR: own }, [own, other]),
      version: 'test',
      startedAt: now,
      now: () => new Date(),
    });
  });
  afterAll(async () => {
    store?.close();
    for (const close of closers) await close();
    await rm(root, { recursive: true, force: true });
  });

  const problem = async (token: string) => {
    const response = await app.request('/v1/incidents', { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('names the folder the key belongs to, and how to get one for this service', async () => {
    const { status, body } = await problem(keys.other);
    expect(status).toBe(401);
    expect(body.keyFolder).toBe(join(root, 'data', 'demo'));
    expect(body.detail).toBe(
      `This API key belongs to the data folder ${join(root, 'data', 'demo')}, not to ${join(root, 'data')}, the one this service runs on: make a key for this one (npm run keys -- create), or run the service on ${join(root, 'data', 'demo')}.`,
    );
  });

  it('says only "unknown or revoked" for a wrong secret, a revoked key or an unknown one', async () => {
    const wrongSecret = `${keys.other.slice(0, -4)}${keys.other.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const token of [wrongSecret, keys.revoked, keys.own.replace(/_[^_]+_/, '_zzzzzzzzzzzz_')]) {
      const { status, body } = await problem(token);
      expect(status).toBe(401);
      expect(body.detail).toBe('The API key is not valid: it is unknown or has been revoked.');
      expect(body.keyFolder).toBeUndefined();
    }
    expect((await app.request('/v1/incidents', { headers: bearer(keys.own) })).status).not.toBe(401);
  });

  it('asks no other folder when keys live in PostgreSQL or a named file', () => {
    expect(otherFolderKeys({ DATA_DIR: 'x', DATABASE_URL: 'postgres://localhost/keys' })).toBeUndefined();
    expect(otherFolderKeys({ DATA_DIR: 'x', ACCESS_DB_FILE: '/keys.sqlite' })).toBeUndefined();
  });
});
