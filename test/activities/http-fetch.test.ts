import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyUnreachable, conditionalGet, type ConditionalGet } from '../../activities/http-fetch.js';
import { findFreePort } from '../../runtime/ports.js';
import { RawStore } from '../../activities/raw-store.js';
import { ReplayServer } from '../../replay/server.js';

describe('conditional GET against a loopback server', () => {
  let replay: ReplayServer;
  const body = JSON.stringify({ type: 'FeatureCollection', features: [] });
  const request = (path: string, extra: Partial<ConditionalGet> = {}): ConditionalGet => ({
    url: `${replay.url}${path}`,
    timeoutMs: 1_000,
    maxBytes: 1_024,
    userAgent: 'test',
    ...extra,
  });

  beforeAll(async () => {
    replay = await ReplayServer.start();
    replay.script('/feed.json', [{ kind: 'document', body }]);
    replay.script('/big.json', [{ kind: 'document', body: 'x'.repeat(4_096) }]);
    replay.script('/gone.json', [{ kind: 'status', status: 404 }]);
    replay.script('/slow.json', [{ kind: 'timeout', ms: 2_000 }]);
  });
  afterAll(async () => {
    await replay.close();
  });

  it('returns the body with its validators, then 304 when they still match', async () => {
    const first = await conditionalGet(request('/feed.json'));
    expect(first.kind).toBe('body');
    if (first.kind !== 'body') return;
    expect(new TextDecoder().decode(first.body)).toBe(body);
    expect(first.etag).toMatch(/^".+"$/);
    const second = await conditionalGet(request('/feed.json', { etag: first.etag }));
    expect(second).toEqual({ kind: 'not-modified' });
  });

  it('stops reading past the size cap, reports HTTP errors and time-outs', async () => {
    expect(await conditionalGet(request('/big.json'))).toEqual({ kind: 'too-large', limit: 1_024 });
    expect(await conditionalGet(request('/gone.json'))).toEqual({ kind: 'http-error', status: 404 });
    const slow = await conditionalGet(request('/slow.json', { timeoutMs: 200 }));
    expect(slow).toEqual({
      kind: 'unreachable',
      cause: 'timeout',
      reason: 'no complete answer within 200 ms',
    });
  });

  it('says why no answer came: nothing listening, or a name that does not resolve', async () => {
    const closed = await findFreePort();
    const refused = await conditionalGet({ ...request('/x'), url: `http://127.0.0.1:${closed}/feed.json` });
    expect(refused).toMatchObject({ kind: 'unreachable', cause: 'refused' });
    expect(refused.kind === 'unreachable' && refused.reason).toContain('ECONNREFUSED');
    // RFC 6761: .invalid never resolves, so this needs no network to fail the same way everywhere.
    const unknown = await conditionalGet({ ...request('/x'), url: 'http://feeds.example.invalid/feed.json' });
    expect(unknown).toMatchObject({ kind: 'unreachable', cause: 'dns' });
  });

  it('gives up when the caller cancels, rather than reporting the feed unreachable', async () => {
    const cancel = new AbortController();
    const pending = conditionalGet(request('/slow.json', { signal: cancel.signal }));
    cancel.abort();
    await expect(pending).rejects.toThrow();
  });

  it('classifies the system errors fetch wraps', () => {
    const wrapped = (code: string) =>
      Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error(`x ${code}`), { code }),
      });
    expect(classifyUnreachable(wrapped('EAI_AGAIN')).cause).toBe('dns');
    expect(classifyUnreachable(wrapped('UND_ERR_CONNECT_TIMEOUT')).cause).toBe('timeout');
    expect(classifyUnreachable(wrapped('CERT_HAS_EXPIRED')).cause).toBe('tls');
    expect(classifyUnreachable(wrapped('ECONNRESET'))).toEqual({ cause: 'network', reason: 'x ECONNRESET' });
  });
});

describe('raw store', () => {
  it('keeps a body once under its sha256, by feed and day', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eids-raw-'));
    try {
      const store = new RawStore(dir);
      const bytes = new TextEncoder().encode('{"features":[]}');
      const at = new Date('2026-11-20T01:00:00Z');
      const ref = await store.put(
        'nsw-rfs-major-incidents',
        bytes,
        at,
        'application/json',
        'http://x/feed.json',
      );
      expect(ref.path).toBe(join('raw', 'nsw-rfs-major-incidents', '2026-11-20', `${ref.sha256}.json`));
      expect(ref.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(await store.put('nsw-rfs-major-incidents', bytes, at, null, 'http://x/feed.json')).toEqual(ref);
      expect(await readFile(join(dir, ref.path), 'utf8')).toBe('{"features":[]}');
      expect(new TextDecoder().decode(await store.get(ref))).toBe('{"features":[]}');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
