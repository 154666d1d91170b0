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
    const refused = await fetch(`${replay.url}/_replay/nope.json`, {
      method: 'PUT',
      body: '{"steps":[{"kind":"empty"}]}',
    });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await refused.json()) as { status: number; detail: string };
    expect(problem.status).toBe(404);
    expect(problem.detail).toMatch(/nope\.json/);
    expect((await get('/nope.json')).status).toBe(404);
    expect((await fetch(`${replay.url}/_replay/nope.json`)).status).toBe(404);
  });

  /** A control request the server refuses: its status and problem document; the feed plays on as before. */
  async function refusedControl(
    body: string,
  ): Promise<{ status: number; type: string | null; detail: string }> {
    const before = replay.requests('/feed.json');
    const answer = await fetch(`${replay.url}/_replay/feed.json`, { method: 'PUT', body });
    const problem = (await answer.json()) as { status: number; title: string; detail: string };
    expect(problem.status).toBe(answer.status);
    expect(problem.title).toBe('Bad Request');
    // Nothing was scripted: the feed still serves its document.
    const served = await get();
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(`{"v":${version}}`);
    expect(replay.requests('/feed.json')).toBe(before + 1);
    return { status: answer.status, type: answer.headers.get('content-type'), detail: problem.detail };
  }

  it('answers 400 with a problem document naming an unknown step kind, scripting nothing', async () => {
    const refused = await refusedControl('{"steps":[{"kind":"status","status":500},{"kind":"stauts"}]}');
    expect(refused).toMatchObject({ status: 400, type: 'application/problem+json' });
    expect(refused.detail).toBe(
      'steps[1].kind: "stauts" is not a step kind; one of document, status, timeout, malformed, empty, html-error',
    );
  });

  it('answers 400 with a problem document to a body that is not JSON, not a SyntaxError and 500', async () => {
    const refused = await refusedControl('steps: status 500');
    expect(refused).toMatchObject({ status: 400, type: 'application/problem+json' });
    expect(refused.detail).toMatch(/^the body is not JSON \(.+\); send \{"steps":\[/);
  });

  it('names the field of a step that is wrong, and a body without steps', async () => {
    expect((await refusedControl('{"steps":[{"kind":"status","status":"500"}]}')).detail).toMatch(
      /^steps\[0\]\.status: /,
    );
    expect((await refusedControl('{"steps":[{"kind":"timeout"}]}')).detail).toMatch(/^steps\[0\]\.ms: /);
    expect((await refusedControl('{"steps":[{"kind":"empty","status":500}]}')).detail).toMatch(
      /^steps\[0\]: .*status/,
    );
    expect((await refusedControl('{"steps":[]}')).detail).toMatch(/"steps" must be a non-empty array/);
    expect((await refusedControl('[{"kind":"empty"}]')).detail).toMatch(/must be a JSON object/);
    expect((await refusedControl('{"step":[{"kind":"empty"}]}')).detail).toMatch(/unknown field "step"/);
  });

  it('answers 405 with a problem document to another method', async () => {
    const answer = await fetch(`${replay.url}/_replay/feed.json`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT');
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
  });
});
