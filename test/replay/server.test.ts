import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplayServer } from '../../replay/server.js';

describe('replay server', () => {
  let replay: ReplayServer;
  let version = 1;
  beforeAll(async () => {
    replay = await ReplayServer.start();
    replay.script('/feed.json', [{ kind: 'document', body: () => `{"v":${version}}` }]);
  });
  afterAll(async () => {
    await replay.close();
  });

  const get = (path = '/feed.json') => fetch(`${replay.url}${path}`);
  const control = (steps: unknown[]) =>
    fetch(`${replay.url}/_replay/feed.json`, { method: 'PUT', body: JSON.stringify({ steps }) });

  it('serves a living document with an ETag and answers 304 while it is unchanged', async () => {
    const first = await get();
    expect(await first.text()).toBe('{"v":1}');
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${replay.url}/feed.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    version = 2;
    expect(
      await (await fetch(`${replay.url}/feed.json`, { headers: { 'if-none-match': etag } })).text(),
    ).toBe('{"v":2}');
  });

  it('plays scripted failures, then brings the feed back through the control endpoint', async () => {
    expect(
      (
        await control([
          { kind: 'status', status: 500 },
          { kind: 'html-error' },
          { kind: 'empty' },
          { kind: 'malformed' },
        ])
      ).status,
    ).toBe(204);
    expect((await get()).status).toBe(500);
    expect(await (await get()).text()).toMatch(/<html>/);
    expect(await (await get()).text()).toBe('');
    const truncated = await (await get()).text();
    expect(() => {
      JSON.parse(truncated);
    }).toThrow();
    expect((await control([{ kind: 'document' }])).status).toBe(204);
    expect(await (await get()).text()).toBe(`{"v":${version}}`);
    expect(replay.requests('/feed.json')).toBe(8);
  });

  it('refuses to script an unknown path and answers 404 for one', async () => {
    expect(
      (
        await fetch(`${replay.url}/_replay/nope.json`, {
          method: 'PUT',
          body: '{"steps":[{"kind":"empty"}]}',
        })
      ).status,
    ).toBe(400);
    expect((await get('/nope.json')).status).toBe(404);
  });
});
