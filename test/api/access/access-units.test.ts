import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateKey, hashSecret, parseKey, secretMatches } from '../../../api/access/key-format.js';
import { issueKey, normaliseOrigin } from '../../../api/access/issue.js';
import {
  quotaPeriod,
  rateLimitHeaders,
  secondsUntilReset,
  windowRefusalHeaders,
} from '../../../api/access/rate-limit.js';
import { createApp } from '../../../api/app.js';
import { CursorCodec } from '../../../api/cursor.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { bearer, testAccess } from '../../support/keys.js';
import { TEST_CAP_ISSUER } from '../../support/cap-issuer.js';

describe('key format', () => {
  it('is a fixed prefix, a 12-character base32 id and a 256-bit base64url secret', () => {
    const keys = Array.from({ length: 200 }, () => generateKey());
    for (const key of keys) {
      expect(key.token).toMatch(/^eids_[a-z2-7]{12}_[A-Za-z0-9_-]{43}$/);
      const parts = parseKey(key.token)!;
      expect(parts.id).toBe(key.id);
      expect(Buffer.from(parts.secret, 'base64url')).toHaveLength(32);
      expect(key.secretSha256.equals(hashSecret(parts.secret))).toBe(true);
    }
    expect(new Set(keys.map((k) => k.id)).size).toBe(200);
    // Every id character is used: the id is not drawn from a biased subset.
    expect(new Set(keys.flatMap((k) => [...k.id])).size).toBe(32);
  });

  it('parses only well-formed keys', () => {
    const { token } = generateKey();
    expect(parseKey(token)).toBeDefined();
    for (const bad of [
      '',
      token.toUpperCase(),
      token.slice(1),
      `${token}x`,
      token.replace(/_/, '-'),
      `x${token}`,
    ]) {
      expect(parseKey(bad), bad).toBeUndefined();
    }
  });

  it('matches a secret only against its own hash, and never without one', () => {
    const a = generateKey();
    const b = generateKey();
    const secretOf = (token: string) => parseKey(token)!.secret;
    expect(secretMatches(secretOf(a.token), a.secretSha256)).toBe(true);
    expect(secretMatches(secretOf(a.token), b.secretSha256)).toBe(false);
    expect(secretMatches(secretOf(a.token), undefined)).toBe(false);
    expect(secretMatches(secretOf(a.token), Buffer.alloc(3))).toBe(false);
  });
});

describe('issuing keys', () => {
  it('normalises origins and refuses anything but a bare http(s) origin', () => {
    expect(normaliseOrigin('https://App.Example:443/')).toBe('https://app.example');
    expect(normaliseOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    for (const bad of [
      'app.example',
      'ftp://app.example',
      'https://app.example/x',
      'https://a.example?q',
      'null',
    ]) {
      expect(normaliseOrigin(bad), bad).toBeUndefined();
    }
  });

  it('stores the hash and the metadata, lists without hashes, and revokes once', async () => {
    const access = testAccess();
    const now = new Date('2026-11-21T00:00:00Z');
    const { key, token } = await issueKey(
      access.store,
      { tier: 'enterprise', label: 'l', entitlements: ['declarations'], origins: ['https://a.example'] },
      now,
    );
    const stored = (await access.store.findById(key.id))!;
    expect(stored.secretSha256.equals(hashSecret(parseKey(token)!.secret))).toBe(true);
    expect(stored).toMatchObject({
      tier: 'enterprise',
      entitlements: ['declarations'],
      origins: ['https://a.example'],
    });
    const [listed] = await access.store.list();
    expect(listed).not.toHaveProperty('secretSha256');
    expect(await access.store.revoke(key.id, now)).toBe(true);
    expect(await access.store.revoke(key.id, new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect((await access.store.findById(key.id))!.revokedAt).toBe(now.toISOString());
    expect(await access.store.revoke('nosuchkeyid0', now)).toBe(false);
    access.close();
  });
});

describe('quota periods and RateLimit headers', () => {
  it('uses calendar months in UTC', () => {
    expect(quotaPeriod(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(quotaPeriod(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
    // 10:30 on 1 January in Sydney is still December in UTC.
    expect(quotaPeriod(new Date('2027-01-01T10:30:00+11:00'))).toBe('2026-12');
    expect(secondsUntilReset(new Date('2026-12-31T23:59:00Z'))).toBe(60);
    expect(secondsUntilReset(new Date('2026-12-31T23:59:59.999Z'))).toBe(1);
  });

  it('describes the month in both header styles, with integers only', () => {
    const headers = rateLimitHeaders(1000, 1001, new Date('2028-02-28T00:00:00Z'));
    expect(headers).toEqual({
      'RateLimit-Limit': '1000',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(2 * 86_400),
      'RateLimit-Policy': `"monthly";q=1000;w=${29 * 86_400}`,
      RateLimit: `"monthly";r=0;t=${2 * 86_400}`,
    });
  });
});

describe('RateLimit headers with short windows', () => {
  const now = new Date('2028-02-28T00:00:00.250Z');
  const windows = [
    { name: 'minute' as const, seconds: 60, limit: 60, used: 12, reset: 60 },
    { name: 'second' as const, seconds: 1, limit: 5, used: 5, reset: 1 },
  ];

  it('name each policy in RateLimit-Policy and RateLimit, the legacy fields staying monthly', () => {
    expect(rateLimitHeaders(1000, 10, now, windows)).toEqual({
      'RateLimit-Limit': '1000',
      'RateLimit-Remaining': '990',
      'RateLimit-Reset': String(2 * 86_400),
      'RateLimit-Policy': `"monthly";q=1000;w=${29 * 86_400}, "minute";q=60;w=60, "second";q=5;w=1`,
      RateLimit: `"monthly";r=990;t=${2 * 86_400}, "minute";r=48;t=60, "second";r=0;t=1`,
    });
  });

  it('describe the window that refused on its 429, with Retry-After in whole seconds', () => {
    expect(windowRefusalHeaders(windows[1]!, windows, 1000, now)).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '1',
      'RateLimit-Policy': `"monthly";q=1000;w=${29 * 86_400}, "minute";q=60;w=60, "second";q=5;w=1`,
      RateLimit: '"minute";r=48;t=60, "second";r=0;t=1',
      'Retry-After': '1',
    });
  });
});

describe('the request log', () => {
  it('has one line per request with the key id, and never the key or the Authorization header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eids-log-'));
    const serving = await ServingStore.open(dir);
    const access = testAccess();
    const lines: string[] = [];
    const app = createApp({
      cap: TEST_CAP_ISSUER,
      store: serving,
      feedHealth: { read: () => Promise.resolve([]) },
      catalogue: [],
      cursors: new CursorCodec('log-test-secret'),
      keys: access.store,
      quota: access.store,
      log: (line) => lines.push(line),
      version: 'test',
      startedAt: new Date(),
      now: () => new Date(),
    });
    const { id, token } = await access.issue('free');
    const secret = parseKey(token)!.secret;
    const ok = await app.request('/v1/incidents?state=nsw', { headers: bearer(token) });
    const unknown = generateKey().token;
    await app.request('/v1/incidents', { headers: bearer(unknown) });
    await app.request('/v1/schema', { headers: bearer(token) });

    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(`^GET /v1/incidents 200 \\d+\\.\\dms key=${id} req=${ok.headers.get('x-request-id')}$`),
    );
    expect(lines[1]).toMatch(/^GET \/v1\/incidents 401 .* key=- req=\S+$/);
    // Open endpoints ignore a key, so they do not attribute the request to one.
    expect(lines[2]).toMatch(/^GET \/v1\/schema 200 .* key=- /);
    const all = lines.join('\n');
    for (const leaked of [token, secret, unknown, parseKey(unknown)!.secret, 'Bearer', 'state=nsw']) {
      expect(all).not.toContain(leaked);
    }
    access.close();
    serving.close();
    await rm(dir, { recursive: true, force: true });
  });
});
