import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CATALOGUE } from '../../../config/index.js';
import { ServingStore } from '../../../lake/serving/serving-store.js';
import { SqliteSubscriptionStore } from '../../../subscriptions/sqlite-store.js';
import { bearer } from '../../support/keys.js';
import { testApi, type TestApi } from '../../support/test-api.js';

interface Problem {
  type: string;
  status: number;
  detail: string;
}

const NSW = { type: 'state', state: 'nsw' };

describe('/v1/subscriptions: e-mail digests beside webhooks', () => {
  let dir: string;
  let store: SqliteSubscriptionStore;
  /** One service that sends e-mail (SMTP_URL set), one that does not. */
  let mailing: TestApi;
  let silent: TestApi;

  async function create(api: TestApi, body: unknown): Promise<Response> {
    const response = await api.app.request('/v1/subscriptions', {
      method: 'POST',
      headers: bearer(api.tokens.get('pro')!, { 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });
    await api.validator.check('POST', '/v1/subscriptions', response.clone());
    return response;
  }
  const serviceWith = async (smtp: boolean) =>
    testApi({
      store: await ServingStore.open(join(dir, 'lake')),
      catalogue: FEED_CATALOGUE,
      now: () => new Date(),
      subscriptions: {
        store,
        policy: { allowLoopback: false },
        smtp,
        lookup: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
      },
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eids-email-routes-'));
    store = SqliteSubscriptionStore.open(join(dir, 'subscriptions.sqlite'));
    mailing = await serviceWith(true);
    silent = await serviceWith(false);
  });
  afterAll(async () => {
    mailing?.close();
    silent?.close();
    store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes an e-mail subscription: its target a mailto: URL, its channel email, no secret', async () => {
    const response = await create(mailing, {
      email: 'ops@example.org',
      types: ['incident.created'],
      area: NSW,
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toMatchObject({ url: 'mailto:ops@example.org', channel: 'email', status: 'active' });
    expect(created).not.toHaveProperty('secret');
    const hook = (await (
      await create(mailing, { url: 'https://hooks.example.org/eids', area: NSW })
    ).json()) as Record<string, unknown>;
    expect(hook).toMatchObject({ channel: 'webhook', url: 'https://hooks.example.org/eids' });
    expect(hook.secret).toMatch(/^whsec_/);

    const list = await mailing.app.request('/v1/subscriptions', {
      headers: bearer(mailing.tokens.get('pro')!),
    });
    await mailing.validator.check('GET', '/v1/subscriptions', list.clone());
    const { subscriptions } = (await list.json()) as { subscriptions: { id: string; channel: string }[] };
    expect(subscriptions.find((one) => one.id === created.id)?.channel).toBe('email');
    expect(subscriptions.find((one) => one.id === hook.id)?.channel).toBe('webhook');
  });

  it('refuses what is not one address, and a body naming both a url and an address, with 400', async () => {
    for (const email of [
      'not an address',
      'ops@',
      'Ops <ops@example.org>',
      `${'a'.repeat(250)}@example.org`,
    ]) {
      const response = await create(mailing, { email, area: NSW });
      expect(response.status, email).toBe(400);
      expect(((await response.json()) as Problem).detail).toContain('email');
    }
    const both = await create(mailing, {
      url: 'https://hooks.example.org/x',
      email: 'ops@example.org',
      area: NSW,
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as Problem).detail).toBe(
      'Give a webhook url or an e-mail address, not both.',
    );
    const neither = await create(mailing, { area: NSW });
    expect(neither.status).toBe(400);
  });

  it('refuses an address with 400 where the service sends no e-mail, and still takes webhooks there', async () => {
    const response = await create(silent, { email: 'ops@example.org', area: NSW });
    expect(response.status).toBe(400);
    expect((await response.json()) as Problem).toMatchObject({
      type: '/v1/problems/target-refused',
      detail: 'email: this service sends no e-mail (it has no mail server set: SMTP_URL)',
    });
    expect((await create(silent, { url: 'https://hooks.example.org/eids', area: NSW })).status).toBe(201);
  });
});
